import { describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../renderer/src/bridge/types.js';
import { startAppCommands } from '../../renderer/src/app/app-commands.js';
import { connectApi } from '../../renderer/src/bridge/api.js';
import { useApprovalsStore } from '../../renderer/src/state/approvals/approvals-store.js';
import { useNoticesStore } from '../../renderer/src/state/notices.js';
import { useServersStore } from '../../renderer/src/state/servers.js';

function fakeApi() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const invoke = vi.fn(async (name: string) => (name.startsWith('connections.') ? { serverId: 's1', status: 'connected', since: Date.now() } : null));
  const api = { on: (name: string, next: (payload: unknown) => void) => (listeners.set(name, next), () => undefined), invoke } as unknown as Bridge;
  return { api, invoke, fire: (command: unknown) => listeners.get('app.command')!(command), link: (event: unknown) => listeners.get('app.deepLink')!(event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('desktop menu commands in the window', () => {
  it('connects the selected server, clears the traffic and toggles Approvals', async () => {
    const { api, invoke, fire } = fakeApi();
    connectApi(api);
    startAppCommands();
    useServersStore.setState({ selectedServerId: 's1' });
    fire('connect-selected');
    fire('clear-traffic');
    await flush();
    expect(invoke).toHaveBeenCalledWith('connections.connect', { serverId: 's1' });
    expect(invoke).toHaveBeenCalledWith('traffic.clear');
    const open = useApprovalsStore.getState().open;
    fire('toggle-approvals');
    expect(useApprovalsStore.getState().open).toBe(!open);
  });

  it('a loupe:// link opens the server form with its proposal; nothing is added; a broken one is a notice', () => {
    const { api, invoke, link } = fakeApi();
    connectApi(api);
    startAppCommands();
    const proposal = { name: 'Linked', transport: { type: 'stdio', command: 'npx', args: [], env: [] } };
    link({ kind: 'add-server', proposal });
    expect(useServersStore.getState().editor).toEqual({ mode: 'add', proposal });
    expect(invoke).not.toHaveBeenCalled();
    link({ kind: 'invalid', reason: 'A loupe:// link could not be used: It is not a valid URL.' });
    expect(useNoticesStore.getState().notices.at(-1)?.message).toBe('A loupe:// link could not be used: It is not a valid URL.');
  });

  it('says why a command cannot run, and ignores what is not a command', async () => {
    const { api, invoke, fire } = fakeApi();
    connectApi(api);
    startAppCommands();
    useServersStore.setState({ selectedServerId: null });
    fire('disconnect-selected');
    fire('format-disk');
    await flush();
    expect(invoke).not.toHaveBeenCalled();
    expect(useNoticesStore.getState().notices.at(-1)?.message).toBe('Disconnect failed: Select a server first.');
  });
});
