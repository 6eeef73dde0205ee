import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { startSupervisedCore } from './supervised-core.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

describe('the traffic record survives a crash of the core', () => {
  it('after a SIGKILL in the middle of a flood, the session on disk holds every entry the window had seen, in order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-crash-'));
    const supervisor = await startSupervisedCore(dataDir);
    let lastSeen = 0;
    supervisor.subscribe((name, payload) => {
      if (name === 'traffic.appended') for (const entry of payload as TrafficEntry[]) lastSeen = Math.max(lastSeen, entry.seq);
    });
    const server = await supervisor.handlers['servers.add'](fixtureServerConfig('Flood'));
    await supervisor.handlers['connections.connect']({ serverId: server.id });
    const crashedSession = (await supervisor.handlers['traffic.sessions.list']()).find((session) => session.current)!.id;

    const flood = supervisor.handlers['tools.call']({ serverId: server.id, name: 'flood', arguments: { count: 1_000_000 }, callId: 'flood' }).catch(() => undefined);
    await vi.waitFor(() => expect(lastSeen).toBeGreaterThan(5_000), { timeout: 30_000, interval: 20 });
    process.kill(supervisor.pid!, 'SIGKILL');
    const seenBeforeKill = lastSeen;
    await flood;

    await supervisor.handlers['core.restart']();
    const sessions = await supervisor.handlers['traffic.sessions.list']();
    expect(sessions.find((session) => session.current)?.id).not.toBe(crashedSession);
    const crashed = sessions.find((session) => session.id === crashedSession);
    expect(crashed).toMatchObject({ current: false, partial: false });

    let text = '';
    for (let offset: number | null = 0; offset !== null; ) {
      const piece = await supervisor.handlers['traffic.sessions.read']({ id: crashedSession, offset });
      text += piece.text;
      offset = piece.nextOffset;
    }
    const lines = text.split('\n').filter(Boolean);
    // The kill may cut the very last write short; every line before it is whole.
    const whole: TrafficEntry[] = [];
    lines.forEach((line, index) => {
      try {
        whole.push(JSON.parse(line) as TrafficEntry);
      } catch (error) {
        if (index !== lines.length - 1) throw error;
      }
    });
    const seqs = whole.map((entry) => entry.seq);
    expect(seqs[0]).toBe(1);
    expect(seqs.every((seq, index) => seq === index + 1)).toBe(true);
    expect(seqs.at(-1)).toBeGreaterThanOrEqual(seenBeforeKill);
    expect(whole.filter((entry) => entry.method === 'notifications/message').length).toBeGreaterThan(5_000 - 20);
  }, 60_000);
});
