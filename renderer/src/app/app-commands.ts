import { type AppCommand, isAppCommand } from '../../../shared/app-commands';
import { errorMessage } from '../bridge/bridge-error';
import { getApi } from '../bridge/api';
import type { Bridge } from '../bridge/types';
import { downloadLiveExport, exportFileName } from '../features/traffic';
import { useApprovalsStore } from '../state/approvals/approvals-store';
import { applyConnectionResult } from '../state/connections/connections-store';
import { useNoticesStore } from '../state/notices';
import { useServersStore } from '../state/servers';

/** Carries out the desktop menu's commands (File, Server, View) and shows the loupe:// links it was opened with. */
export function startAppCommands(): () => void {
  const api = getApi();
  const stops = [
    api.on('app.command', (command) => {
      if (!isAppCommand(command)) return;
      runAppCommand(api, command).catch((error: unknown) => useNoticesStore.getState().addLocal('error', `${COMMAND_NAMES[command]} failed: ${errorMessage(error)}`));
    }),
    api.on('app.deepLink', (link) => {
      if (link?.kind === 'add-server') useServersStore.getState().openEditor({ mode: 'add', proposal: link.proposal });
      else if (link?.kind === 'invalid') useNoticesStore.getState().addLocal('error', link.reason);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

const COMMAND_NAMES: Record<AppCommand, string> = {
  'connect-selected': 'Connect',
  'disconnect-selected': 'Disconnect',
  'clear-traffic': 'Clear traffic',
  'export-traffic': 'Export traffic',
  'toggle-approvals': 'Show approvals',
  'focus-traffic-filter': 'Filter traffic',
};

/** Carries out one of the app's commands (the desktop menu's and the command palette's). */
export async function runAppCommand(api: Bridge, command: AppCommand): Promise<void> {
  const serverId = useServersStore.getState().selectedServerId;
  switch (command) {
    case 'connect-selected':
    case 'disconnect-selected':
      if (!serverId) throw new Error('Select a server first.');
      applyConnectionResult(await api.invoke(command === 'connect-selected' ? 'connections.connect' : 'connections.disconnect', { serverId }));
      break;
    case 'clear-traffic':
      await api.invoke('traffic.clear');
      break;
    case 'export-traffic':
      await downloadLiveExport(api, exportFileName());
      break;
    case 'toggle-approvals': {
      const approvals = useApprovalsStore.getState();
      approvals.setOpen(!approvals.open);
      break;
    }
    case 'focus-traffic-filter':
      document.querySelector<HTMLInputElement>('input[aria-label="Filter traffic"]')?.focus();
      break;
  }
}
