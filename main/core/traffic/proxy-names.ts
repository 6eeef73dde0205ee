/**
 * The names of the `loupe proxy` sessions the app recorded in one of its saved sessions: their
 * entries carry a `proxy-…` server id, and this file (`proxies.json` in the session's folder) says
 * which `--name` each id was, so `loupe mock NAME` finds a proxy's session whether the app was open
 * (this file) or not (the proxy's own session.json).
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';

export const PROXY_NAMES_FILE = 'proxies.json';
/** Names kept per session, the newest (an app open for days links many proxies). */
const MAX_NAMES = 500;
/** Names are bounded where the session starts (ProxiedSessions): 500 × 1000 characters, with room. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Server id → proxy name, in the order the proxies linked. */
export type ProxyNames = Map<string, string>;

export async function writeProxyNames(folder: string, names: ProxyNames): Promise<void> {
  const kept = [...names].slice(-MAX_NAMES);
  await writeFileAtomic(join(folder, PROXY_NAMES_FILE), JSON.stringify(Object.fromEntries(kept)), { durable: false });
}

/** The session's proxy names; none when it has no such file (or one Loupe did not write). */
export async function readProxyNames(folder: string): Promise<ProxyNames> {
  try {
    // Not following a link, and O_NONBLOCK so a FIFO planted there cannot hold the open.
    const handle = await open(join(folder, PROXY_NAMES_FILE), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    let text: string;
    try {
      const info = await handle.stat();
      if (!info.isFile() || info.size > MAX_FILE_BYTES) return new Map();
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return new Map();
    return new Map(Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  } catch {
    return new Map();
  }
}
