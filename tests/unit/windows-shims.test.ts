import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * On Windows `npx`, `uvx` and friends are `.cmd` shims, which Node will not spawn directly (and
 * which need cmd.exe's quoting). Loupe's stdio spawn goes through cross-spawn there
 * (main/core/transports/process-tree.ts). This runs its command parsing as Windows would, in a
 * child Node whose platform reads win32 before the library loads.
 */
function parseAsWindows(command: string, args: string[], pathDir: string) {
  const script = `
    Object.defineProperty(process, 'platform', { value: 'win32' });
    const parse = require('cross-spawn/lib/parse');
    const parsed = parse(${JSON.stringify(command)}, ${JSON.stringify(args)}, { env: { PATH: ${JSON.stringify(pathDir)}, PATHEXT: '.COM;.EXE;.BAT;.CMD' } });
    process.stdout.write(JSON.stringify({ command: parsed.command, args: parsed.args, verbatim: parsed.options.windowsVerbatimArguments === true }));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: process.cwd() });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { command: string; args: string[]; verbatim: boolean };
}

describe('Windows .cmd shims', () => {
  const bin = mkdtempSync(path.join(tmpdir(), 'loupe-winpath-'));
  writeFileSync(path.join(bin, 'npx.cmd'), '@echo off\n');

  it('runs a shim found through PATH and PATHEXT with cmd.exe, each argument quoted and its metacharacters escaped', () => {
    const parsed = parseAsWindows('npx', ['-y', '@modelcontextprotocol/server-filesystem', 'C:\\My Files', 'a&b|c^d'], bin);
    expect(parsed.command).toBe('cmd.exe');
    expect(parsed.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    expect(parsed.args[3]).toBe('"npx ^"-y^" ^"@modelcontextprotocol/server-filesystem^" ^"C:\\My^ Files^" ^"a^&b^|c^^d^""');
    expect(parsed.verbatim).toBe(true);
  });

});
