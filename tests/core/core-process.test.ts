import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import type { CoreStatus } from '../../shared/core-status.js';
import type { SupervisorTiming } from '../../main/core-process/core-supervisor.js';
import { startSupervisedCore } from './supervised-core.js';
import { modernServerConfig } from '../fixtures/modern-server-config.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

async function startSupervisor(dataDir = mkdtempSync(join(tmpdir(), 'loupe-core-process-')), timing: Partial<SupervisorTiming> = {}) {
  const supervisor = await startSupervisedCore(dataDir, timing);
  const statuses: CoreStatus[] = [];
  const approvals: Approval[] = [];
  supervisor.subscribe((name, payload) => {
    if (name === 'core.status') statuses.push(payload as CoreStatus);
    if (name === 'approvals.changed') approvals.push(payload as Approval);
  });
  return { supervisor, dataDir, statuses, approvals };
}

describe('the core in a process of its own', () => {
  it('serves the contract from a child process', async () => {
    const { supervisor } = await startSupervisor();
    const status = await supervisor.handlers['core.status']();
    expect(status).toMatchObject({ state: 'running', restarts: 0 });
    expect(status.state === 'running' && status.pid).not.toBe(process.pid);
    const added = await supervisor.handlers['servers.add'](modernServerConfig('Fixture'));
    expect((await supervisor.handlers['servers.list']()).map((server) => server.id)).toContain(added.id);
  });

  it('says so when the process dies, fails requests with a sentence, and restarts with the servers and the approvals history', async () => {
    const { supervisor, statuses, approvals } = await startSupervisor();
    const server = await supervisor.handlers['servers.add'](modernServerConfig('Asks', 'legacy'));
    await supervisor.handlers['connections.connect']({ serverId: server.id });
    const call = supervisor.handlers['tools.call']({ serverId: server.id, name: 'ask-llm', arguments: { question: 'Still there?' }, callId: 'c1' });
    await vi.waitFor(() => expect(approvals.some((approval) => approval.status === 'pending')).toBe(true), { timeout: 10_000 });
    const firstPid = supervisor.pid!;

    process.kill(firstPid, 'SIGKILL');

    await expect(call).rejects.toMatchObject({ code: 'core-stopped', message: expect.stringContaining('SIGKILL') });
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'stopped', reason: expect.stringContaining('was stopped by SIGKILL') }));
    await expect(supervisor.handlers['servers.list']()).rejects.toMatchObject({ code: 'core-stopped', message: expect.stringContaining('Restart it') });

    const restarted = await supervisor.handlers['core.restart']();
    expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
    expect(supervisor.pid).not.toBe(firstPid);
    expect((await supervisor.handlers['servers.list']()).map((s) => s.name)).toEqual(['Everything (demo)', 'Asks']);
    const history = await supervisor.handlers['approvals.list']();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'sampling', serverName: 'Asks', status: 'disconnected', problem: expect.stringContaining('core stopped') });
    expect(history[0]!.requestSeq).toBeUndefined();
    // The new core works: the server connects again.
    expect(await supervisor.handlers['connections.connect']({ serverId: server.id })).toMatchObject({ status: 'connected' });
  });

  it('marks a core that stops answering as unresponsive, and a restart replaces it', async () => {
    const { supervisor, statuses } = await startSupervisor(undefined, { heartbeatMs: 50, unresponsiveAfterMs: 300 });
    const frozenPid = supervisor.pid!;
    process.kill(frozenPid, 'SIGSTOP');
    try {
      await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'unresponsive', pid: frozenPid }), { timeout: 5_000 });
      const restarted = await supervisor.handlers['core.restart']();
      expect(restarted).toMatchObject({ state: 'running', restarts: 1 });
      expect(supervisor.pid).not.toBe(frozenPid);
      expect((await supervisor.handlers['servers.list']()).map((s) => s.name)).toEqual(['Everything (demo)']);
    } finally {
      try {
        process.kill(frozenPid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
  });

  it('refuses to start on a data folder another core holds, with the reason', async () => {
    const { dataDir } = await startSupervisor();
    await expect(startSupervisor(dataDir)).rejects.toThrow(/Another MCP Loupe \(browser mode, process \d+/);
  });
});

describe.runIf(process.platform !== 'win32')('Low 6: servers do not survive a core crash', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('a stdio server that ignores SIGTERM and stdin EOF is killed when the core is killed with SIGKILL', async () => {
    const { supervisor, statuses } = await startSupervisor();
    const server = await supervisor.handlers['servers.add'](fixtureServerConfig('Stubborn', ['--stubborn']));
    expect((await supervisor.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
    let serverPid = 0;
    await vi.waitFor(async () => {
      const said = (await supervisor.handlers['traffic.list']({})).entries.find((entry) => entry.kind === 'stderr' && /^pid \d+$/.test(entry.text ?? ''));
      serverPid = Number(said?.text?.slice(4));
      expect(serverPid).toBeGreaterThan(0);
    });
    expect(alive(serverPid)).toBe(true);

    try {
      process.kill(supervisor.pid!, 'SIGKILL');
      await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'stopped' }), { timeout: 10_000 });
      await vi.waitFor(() => expect(alive(serverPid)).toBe(false), { timeout: 5_000 });
    } finally {
      if (alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  });
});
