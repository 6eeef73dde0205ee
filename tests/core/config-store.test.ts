import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_NAME } from '../../main/core/config/default-servers.js';
import { startCore } from './helpers.js';
import { startSupervisedCore } from './supervised-core.js';

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'loupe-config-'));
}

describe('server list persistence', () => {
  it('seeds the demo server on first run and writes servers.json', async () => {
    const test = await startCore({ dataDir: freshDir() });
    const saved = JSON.parse(readFileSync(join(test.dataDir, 'servers.json'), 'utf8'));
    expect(saved.servers.map((s: { name: string }) => s.name)).toEqual([DEMO_SERVER_NAME]);
    expect(saved.servers[0].transport.command).toBe('@node');
    await test.core.dispose();
  });

  it('saves additions, edits and removals, and loads them again', async () => {
    const dataDir = freshDir();
    const first = await startCore({ dataDir });
    const added = await first.add('mine', { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: [{ key: 'Authorization', value: 'Bearer x', secret: true }] });
    await first.core.handlers['servers.update']({ id: added.id, config: { name: 'renamed', transport: added.transport } });
    const demo = (await first.core.handlers['servers.list']()).find((s) => s.name === DEMO_SERVER_NAME)!;
    await first.core.handlers['servers.remove']({ id: demo.id });
    await first.core.dispose();

    const second = await startCore({ dataDir });
    const servers = await second.core.handlers['servers.list']();
    expect(servers).toEqual([{ id: added.id, name: 'renamed', transport: added.transport }]);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await second.core.dispose();
  });

  it('moves a corrupt file aside with a timestamp, starts fresh and says so', async () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'servers.json'), '{ this is not json');
    const test = await startCore({ dataDir });
    const info = await test.core.handlers['app.info']();
    expect(info.notices).toHaveLength(1);
    expect(info.notices[0]?.message).toMatch(/not valid JSON.*moved to .*servers\.json\.corrupt-/);
    const aside = readdirSync(dataDir).find((f) => f.startsWith('servers.json.corrupt-'));
    expect(aside && readFileSync(join(dataDir, aside), 'utf8')).toBe('{ this is not json');
    expect((await test.core.handlers['servers.list']()).map((s) => s.name)).toEqual([DEMO_SERVER_NAME]);

    await test.core.handlers['app.dismissNotice']({ id: info.notices[0]!.id });
    expect((await test.core.handlers['app.info']()).notices).toEqual([]);
    await test.core.dispose();
  });

  it('keeps the valid servers of a file with invalid entries, and the original beside it', async () => {
    const dataDir = freshDir();
    const good = { id: 'a', name: 'good', transport: { type: 'stdio', command: 'node', args: [], env: [] } };
    const bad = { id: 'b', name: 'bad', transport: { type: 'carrier-pigeon' } };
    writeFileSync(join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers: [good, bad] }));
    const test = await startCore({ dataDir });
    expect((await test.core.handlers['servers.list']()).map((s) => s.name)).toEqual(['good']);
    const [notice] = (await test.core.handlers['app.info']()).notices;
    expect(notice?.message).toMatch(/1 server\(s\).*skipped.*entry 2: Unknown transport "carrier-pigeon"/);
    expect(readdirSync(dataDir).some((f) => f.startsWith('servers.json.invalid-'))).toBe(true);
    await test.core.dispose();
  });

  it('rejects bad input with a clear message and keeps working', async () => {
    const test = await startCore({ dataDir: freshDir() });
    await expect(test.core.handlers['servers.add']({ name: '', transport: { type: 'stdio', command: 'x', args: [], env: [] } })).rejects.toThrow(
      'The server name is required.',
    );
    await expect(test.add('u', { type: 'sse', url: 'ftp://example.com', headers: [] })).rejects.toThrow('The URL must start with http:// or https://.');
    await expect(test.add('u', { type: 'stdio', command: '  ', args: [], env: [] })).rejects.toThrow('The command is required.');
    await expect(test.core.handlers['connections.connect']({ serverId: 'nope' })).rejects.toThrow('There is no server with id "nope".');
    expect(await test.core.handlers['servers.list']()).toHaveLength(1);
    await test.core.dispose();
  });
});

describe('the data folder', () => {
  it('is refused to a second Loupe while the first runs, and taken over once it is gone', async () => {
    const dataDir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dataDir, 'loupe.lock'), JSON.stringify({ pid: other.pid, mode: 'browser', startedAt: '2026-12-02T10:00:00.000Z' }));
      await expect(startCore({ dataDir })).rejects.toThrow(
        `Another MCP Loupe (browser mode, process ${other.pid}, started 2026-12-02T10:00:00.000Z) is using the data folder ${dataDir}. Close it first, or give this one another folder with --data-dir.`,
      );
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const test = await startCore({ dataDir });
    expect(JSON.parse(readFileSync(join(dataDir, 'loupe.lock'), 'utf8')).pid).toBe(process.pid);
    await test.core.dispose();
    expect(readdirSync(dataDir)).not.toContain('loupe.lock');
  });

  it('tolerates a byte-order mark, keeps moved-aside copies private, and clears stale temp files', async () => {
    const dataDir = freshDir();
    const server = { id: 'bom', name: 'With BOM', transport: { type: 'stdio', command: 'x', args: [], env: [] } };
    writeFileSync(join(dataDir, 'servers.json'), `\uFEFF${JSON.stringify({ version: 1, servers: [server] })}`);
    const stale = join(dataDir, 'servers.json.1234.abcd.tmp');
    writeFileSync(stale, 'half a save');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, old, old);
    const test = await startCore({ dataDir });
    expect((await test.core.handlers['servers.list']()).map((s) => s.name)).toEqual(['With BOM']);
    expect((await test.core.handlers['app.info']()).notices).toEqual([]);
    expect(existsSync(stale)).toBe(false);
    await test.core.dispose();

    writeFileSync(join(dataDir, 'servers.json'), '{ broken');
    const again = await startCore({ dataDir });
    const aside = readdirSync(dataDir).find((f) => f.startsWith('servers.json.corrupt-'))!;
    expect(statSync(join(dataDir, aside)).mode & 0o777).toBe(0o600);
    await again.core.dispose();
  });
});

describe('Medium 3: a save that fails is never reported as saved', () => {
  it('an edit whose secret cannot be stored is refused with a sentence; the list shown is the one Restart core loads', async () => {
    const dataDir = freshDir();
    const core = await startSupervisedCore(dataDir);
    const transport = { type: 'streamable-http' as const, url: 'http://127.0.0.1:9/mcp', headers: [] };
    const added = await core.handlers['servers.add']({ name: 'mine', transport });
    // The secrets file cannot be written from now on (a directory stands in its place).
    mkdirSync(join(dataDir, 'secrets.json'));

    await expect(
      core.handlers['servers.update']({ id: added.id, config: { name: 'renamed', transport: { ...transport, headers: [{ key: 'X-Token', value: 'S3CRET', secret: true }] } } }),
    ).rejects.toThrow(new RegExp(`^Could not save the server list to ${join(dataDir, 'servers.json')}: Could not save the secrets to .*The change was not made\\.$`));
    const shown = (await core.handlers['servers.list']()).find((server) => server.id === added.id);
    expect(shown).toEqual(added);

    await core.handlers['core.restart']();
    expect((await core.handlers['servers.list']()).find((server) => server.id === added.id)).toEqual(added);
  });

  it('a secret longer than 1 M characters is refused with a sentence, and nothing of it is kept', async () => {
    const dataDir = freshDir();
    const test = await startCore({ dataDir });
    const huge = 'x'.repeat(1024 * 1024 + 1);
    await expect(test.add('big', { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: [{ key: 'X-Token', value: huge, secret: true }] })).rejects.toThrow(
      'A secret of 1,048,577 characters is longer than Loupe keeps (1,048,576); it was not stored. The change was not made.',
    );
    expect((await test.core.handlers['servers.list']()).map((server) => server.name)).toEqual([DEMO_SERVER_NAME]);
    expect(existsSync(join(dataDir, 'secrets.json')) ? statSync(join(dataDir, 'secrets.json')).size : 0).toBeLessThan(1024);
    await test.core.dispose();
  });
});
