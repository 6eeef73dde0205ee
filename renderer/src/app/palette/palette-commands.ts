/**
 * Every action the command palette offers, by name: built from the window's state when the
 * palette opens, so a server's name or the selected server's state is current.
 */
import { APP_COMMANDS, type AppCommand } from '../../../../shared/app-commands';
import type { Bridge } from '../../bridge/types';
import { openModelsSettings } from '../../features/models';
import { openInterceptDesk } from '../../features/proxy';
import { useServersStore } from '../../state/servers';
import { runAppCommand } from '../app-commands';
import { useWorkspaceStore, WORKSPACE_TABS } from '../workspace-store';

export interface PaletteCommand {
  id: string;
  /** What the person reads and types to find it, e.g. "Server: Connect". */
  title: string;
  run(): void | Promise<void>;
}

const APP_COMMAND_TITLES: Record<AppCommand, string> = {
  'connect-selected': 'Server: Connect',
  'disconnect-selected': 'Server: Disconnect',
  'clear-traffic': 'Traffic: Clear',
  'export-traffic': 'Traffic: Export',
  'toggle-approvals': 'Approvals: Show or hide',
  'focus-traffic-filter': 'Traffic: Filter',
};

export function paletteCommands(api: Bridge): PaletteCommand[] {
  const servers = useServersStore.getState();
  const selected = servers.servers.find((server) => server.id === servers.selectedServerId);
  const commands: PaletteCommand[] = [
    ...WORKSPACE_TABS.map((tab) => ({ id: `tab:${tab}`, title: `View: ${tab}`, run: () => useWorkspaceStore.getState().setTab(tab) })),
    { id: 'server:add', title: 'Server: Add server…', run: () => servers.openEditor({ mode: 'add' }) },
    ...(selected ? [{ id: 'server:edit', title: `Server: Edit “${selected.name}”…`, run: () => servers.openEditor({ mode: 'edit', serverId: selected.id }) }] : []),
    ...APP_COMMANDS.map((command) => ({ id: `app:${command}`, title: APP_COMMAND_TITLES[command], run: () => runAppCommand(api, command) })),
    { id: 'models:open', title: 'Models: Settings…', run: openModelsSettings },
    { id: 'intercept:open', title: 'Intercept: Open the desk', run: openInterceptDesk },
    ...servers.servers.map((server) => ({ id: `go:${server.id}`, title: `Go to server: ${server.name}`, run: () => servers.select(server.id) })),
  ];
  return commands;
}

/**
 * The commands whose title holds every word typed, in any order and case; the ones whose title
 * starts with the text come first, then the list's own order.
 */
export function matchCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const text = query.trim().toLowerCase();
  const found = commands.filter((command) => {
    const title = command.title.toLowerCase();
    return words.every((word) => title.includes(word));
  });
  const starts = (command: PaletteCommand) => {
    const title = command.title.toLowerCase();
    return title.startsWith(text) || title.slice(title.indexOf(':') + 1).trimStart().startsWith(text);
  };
  return [...found.filter(starts), ...found.filter((command) => !starts(command))];
}
