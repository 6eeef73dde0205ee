import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginShellPath, mergePath } from '../../main/launcher/login-shell-path.js';

function fakeShell(body: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'loupe-shell-')), 'shell');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe.runIf(process.platform !== 'win32')("the login shell's PATH for an app started from the desktop", () => {
  it('reads PATH between the markers, whatever the shell prints around it', async () => {
    // The fake shell runs the command it is given (-i -l -c CMD) with a PATH of its own, after a greeting.
    const shell = fakeShell('echo "Welcome back!"; PATH="/opt/homebrew/bin:/usr/bin:/bin" /bin/sh -c "$4"; echo "bye"');
    expect(await loginShellPath(shell)).toBe('/opt/homebrew/bin:/usr/bin:/bin');
  });

  it('gives up on a shell that waits, one that fails, and one that is missing', async () => {
    // A shell that sleeps 30 s would outlast the test's own timeout if the 300 ms limit did not act.
    expect(await loginShellPath(fakeShell('sleep 30'), 300)).toBeUndefined();
    expect(await loginShellPath(fakeShell('exit 3'))).toBeUndefined();
    expect(await loginShellPath('/no/such/shell')).toBeUndefined();
    expect(await loginShellPath(undefined)).toBeUndefined();
  });

  it("puts the login shell's folders first and keeps the app's own", () => {
    expect(mergePath('/opt/homebrew/bin:/usr/bin', '/usr/bin:/Applications/MCP Loupe.app/bin')).toBe('/opt/homebrew/bin:/usr/bin:/Applications/MCP Loupe.app/bin');
    expect(mergePath('/a::/b', undefined)).toBe('/a:/b');
  });
});
