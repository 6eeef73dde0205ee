import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingHttp } from '../core/helpers.js';
import { loupe as runLoupe } from './run-loupe.js';

/** The CLI with its secrets in a file (no keychain prompt). */
const loupe = (args: string[]) => runLoupe(args, { LOUPE_SECRET_STORAGE: 'file' });
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** An HTTP-only collection (it runs no local command) with one snapshot check. */
function httpCollection(port: number): string {
  const dir = temp('loupe-cli-paths-');
  writeFileSync(join(dir, 'collection.yaml'), `loupe: 1\nname: Paths\nservers:\n  http:\n    url: "http://127.0.0.1:${port}/mcp"\n`);
  writeFileSync(join(dir, 'echo.yaml'), 'tool: echo\narguments: { message: hi }\nchecks:\n  - snapshot: {}\n');
  return dir;
}

describe('loupe test and links in a collection folder', () => {
  let http: Awaited<ReturnType<typeof startEverythingHttp>>;

  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
  }, 30_000);

  afterAll(() => {
    http?.stop();
  });

  it('--update-snapshots through a snapshots/ folder linked outside writes nothing there and fails with a sentence', async () => {
    const dir = httpCollection(http.port);
    const outside = temp('loupe-cli-outside-');
    writeFileSync(join(outside, 'mcp.json'), '{"mcpServers": {}}');
    symlinkSync(outside, join(dir, 'snapshots'));
    const result = await loupe(['test', dir, '--update-snapshots', '--data-dir', temp('loupe-cli-data-')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`snapshots/echo.json is not used: snapshots is a symbolic link (to ${outside}), and Loupe follows no links in a collection folder.`);
    expect(readdirSync(outside)).toEqual(['mcp.json']);
    expect(readFileSync(join(outside, 'mcp.json'), 'utf8')).toBe('{"mcpServers": {}}');
  }, 60_000);

  it('a baseline linked to a file outside is refused, and none of its text reaches the output', async () => {
    const dir = httpCollection(http.port);
    const secret = join(temp('loupe-cli-outside-'), 'passwd');
    writeFileSync(secret, 'root:x:0:0:MARKER-OUTSIDE-FILE:/root:/bin/sh\n');
    mkdirSync(join(dir, 'snapshots'));
    symlinkSync(secret, join(dir, 'snapshots', 'echo.json'));
    const result = await loupe(['test', dir, '--reporter', 'junit', '--data-dir', temp('loupe-cli-data-')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('snapshots/echo.json is a symbolic link');
    expect(result.stdout + result.stderr).not.toContain('MARKER');
    expect(result.stdout + result.stderr).not.toContain('root:x');
  }, 60_000);
});
