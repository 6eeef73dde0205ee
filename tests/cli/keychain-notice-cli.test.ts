/**
 * The CLI says "No OS keychain answered…" once per data folder, not on every run, which is noise
 * in CI (issue 39). On Linux a session bus that does not exist makes the keychain fail for sure.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRETS_NOTICE_SAID_FILE } from '../../main/core/secrets/secrets-notice.js';
import { loupe } from './run-loupe.js';

const NO_KEYCHAIN = { LOUPE_SECRET_STORAGE: '', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/loupe-test-bus' };

describe.runIf(process.platform === 'linux')('the keychain notice in the CLI', () => {
  it('is printed on the first run with a data folder, and not on the runs after it', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'loupe-cli-notice-')), 'data');
    const collection = join(dataDir, '..', 'no-collection-here');
    const first = await loupe(['test', collection, '--data-dir', dataDir], NO_KEYCHAIN);
    expect(first.stderr).toContain(`No OS keychain answered, so secrets are read from ${join(dataDir, 'secrets.json')}.`);
    expect(existsSync(join(dataDir, SECRETS_NOTICE_SAID_FILE))).toBe(true);
    const second = await loupe(['test', collection, '--data-dir', dataDir], NO_KEYCHAIN);
    expect(second.stderr).toContain('is not a folder');
    expect(second.stderr).not.toContain('keychain');
  }, 60_000);
});
