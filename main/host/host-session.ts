/**
 * What lets an open tab come back after the host restarts on the same data folder: the port, the
 * session host name and the session secret of the last run, kept in `host-session.json` (0600, like
 * every secret the data folder holds). The next run listens on the same port and name with the same
 * secret when the port is free, so the tab's cookie still opens it and no new link is needed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/base/atomic-write.js';

export const HOST_SESSION_FILE = 'host-session.json';
/** The file is a few hundred bytes: anything larger is not ours. */
const MAX_FILE_BYTES = 4096;

export interface HostSession {
  /** The address it was bound to: a session is only reused on the same one. */
  bind: string;
  port: number;
  /** The random part of the session host name (`loupe-<label>.localhost`). */
  label: string;
  token: string;
}

const LABEL = /^[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function parse(value: unknown): HostSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { bind, port, label, token } = value as Record<string, unknown>;
  if (typeof bind !== 'string' || bind.length > 255) return undefined;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return undefined;
  if (typeof label !== 'string' || !LABEL.test(label)) return undefined;
  if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
  return { bind, port, label, token };
}

/** The last run's session, or undefined when there is none usable (missing, unreadable, malformed or too large). */
export async function readHostSession(dataDir: string): Promise<HostSession | undefined> {
  try {
    const text = await readFile(join(dataDir, HOST_SESSION_FILE), 'utf8');
    if (text.length > MAX_FILE_BYTES) return undefined;
    return parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export async function saveHostSession(dataDir: string, session: HostSession): Promise<void> {
  await writeFileAtomic(join(dataDir, HOST_SESSION_FILE), `${JSON.stringify(session)}\n`, { durable: false });
}
