/**
 * How a `loupe proxy` finds the running app: the core writes where it listens, and a random
 * secret, to `proxy/endpoint.json` in the data folder (the folder 0700, the file 0600, both the
 * user's own). A proxy reads it, connects, and proves it could read it by sending the secret.
 * Other users cannot read the folder; web pages cannot reach a Unix socket or named pipe at all.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';

export const ENDPOINT_FOLDER = 'proxy';
const ENDPOINT_FILE = 'endpoint.json';
const SOCKET_NAME = 'core.sock';
/** The link's own protocol version: a proxy and a core that differ refuse each other with a sentence. */
export const LINK_PROTOCOL = 1;
/** Unix socket paths are limited to 104 bytes on macOS (108 on Linux). */
const MAX_SOCKET_PATH = 100;

export interface Endpoint {
  protocol: number;
  /** A Unix socket path or a Windows named pipe (`\\.\pipe\…`). */
  address: string;
  /** Hex; the proxy sends it in its hello. */
  secret: string;
  pid: number;
}

export function endpointFolder(dataDir: string): string {
  return path.join(dataDir, ENDPOINT_FOLDER);
}

/**
 * Where the core listens: a named pipe on Windows; elsewhere a socket in the endpoint folder, or
 * in a private temporary folder when the data folder's path is too long for a socket address.
 */
export async function chooseAddress(dataDir: string): Promise<{ address: string; cleanup: () => Promise<void> }> {
  const token = randomBytes(12).toString('hex');
  if (process.platform === 'win32') return { address: `\\\\.\\pipe\\mcp-loupe-${token}`, cleanup: async () => {} };
  const inFolder = path.join(endpointFolder(dataDir), SOCKET_NAME);
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH) {
    await rm(inFolder, { force: true });
    return { address: inFolder, cleanup: () => rm(inFolder, { force: true }) };
  }
  const folder = path.join(tmpdir(), `mcp-loupe-${token}`);
  await mkdir(folder, { mode: 0o700 });
  return { address: path.join(folder, SOCKET_NAME), cleanup: () => rm(folder, { recursive: true, force: true }) };
}

export async function prepareEndpointFolder(dataDir: string): Promise<void> {
  await mkdir(endpointFolder(dataDir), { recursive: true, mode: 0o700 });
}

export async function writeEndpoint(dataDir: string, endpoint: Endpoint): Promise<void> {
  await writeFileAtomic(path.join(endpointFolder(dataDir), ENDPOINT_FILE), JSON.stringify(endpoint));
}

export async function removeEndpoint(dataDir: string): Promise<void> {
  await rm(path.join(endpointFolder(dataDir), ENDPOINT_FILE), { force: true });
}

/** Fields of a file a core wrote are small; anything larger is not one. */
const MAX_ENDPOINT_BYTES = 4096;

/**
 * The running app's endpoint, or why there is none usable, in one sentence. On POSIX the folder and
 * the file must be this user's and closed to others: a file anyone else could have written is not
 * trusted with the session's traffic.
 */
export async function readEndpoint(dataDir: string): Promise<Endpoint | { missing: string }> {
  const folder = endpointFolder(dataDir);
  const file = path.join(folder, ENDPOINT_FILE);
  let text: string;
  try {
    if (process.platform !== 'win32') {
      const uid = process.getuid?.();
      for (const [place, mask] of [[folder, 0o077], [file, 0o077]] as const) {
        const info = await lstat(place);
        if (uid !== undefined && info.uid !== uid) return { missing: `${place} belongs to another user.` };
        if ((info.mode & mask) !== 0) return { missing: `${place} is open to other users.` };
      }
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { missing: code === 'ENOENT' ? 'Loupe is not running.' : `${file} could not be read (${code ?? String(error)}).` };
  }
  if (text.length > MAX_ENDPOINT_BYTES) return { missing: `${file} is not an endpoint file.` };
  try {
    const value = JSON.parse(text) as Partial<Endpoint>;
    if (typeof value.address === 'string' && typeof value.secret === 'string' && typeof value.protocol === 'number' && typeof value.pid === 'number') {
      return { address: value.address, secret: value.secret, protocol: value.protocol, pid: value.pid };
    }
  } catch {
    // falls through
  }
  return { missing: `${file} is not an endpoint file.` };
}
