import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathFolderOrigin } from '../../main/core/doctor/stdio-checks.js';

/** The doctor says which PATH a command was found on (issue 39): the login shell's, or the app's own. */
describe('pathFolderOrigin', () => {
  const login = ['/home/me/.nvm/versions/node/v22/bin', '/opt/homebrew/bin'].join(path.delimiter);

  it('names the login shell for a folder the desktop app took from it', () => {
    expect(pathFolderOrigin('/opt/homebrew/bin', { LOUPE_LOGIN_SHELL_PATH: login })).toBe("Loupe's PATH, from your login shell's PATH");
  });

  it('names the app’s own PATH otherwise, and when no login shell was asked', () => {
    expect(pathFolderOrigin('/usr/bin', { LOUPE_LOGIN_SHELL_PATH: login })).toBe("Loupe's PATH, the app's own (not from a login shell)");
    expect(pathFolderOrigin('/opt/homebrew/bin', {})).toBe("Loupe's PATH, the app's own (not from a login shell)");
  });
});
