/**
 * "No OS keychain answered, so secrets are kept in a file" is said once per data folder: the first
 * start on it (the app's or the CLI's) says it and leaves a mark in the folder; later starts say
 * nothing, and the app shows a quiet status instead (`AppInfo.secretsFile`).
 */
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';

/** The notice's id, so the CLI knows it printed it. */
export const SECRETS_NOTICE_ID = 'secrets-in-file';
/** Its mark in the data folder: the notice was said for this folder. */
export const SECRETS_NOTICE_SAID_FILE = 'secrets-notice-said';

export async function secretsNoticeSaid(dataDir: string): Promise<boolean> {
  return access(join(dataDir, SECRETS_NOTICE_SAID_FILE)).then(
    () => true,
    () => false,
  );
}

export async function rememberSecretsNoticeSaid(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(join(dataDir, SECRETS_NOTICE_SAID_FILE), 'Loupe said that secrets are kept in a file here (no OS keychain answered); it will not say it again.\n');
}
