import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type StaticLookup =
  | { kind: 'file'; filePath: string; size: number }
  | { kind: 'not-found' }
  | { kind: 'forbidden' };

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

/**
 * Maps a URL path to a file inside `rendererDir`, and never to anything outside it:
 * not through `..` (plain or percent-encoded), nor through a symbolic link.
 */
export async function lookUpStaticFile(rendererDir: string, urlPath: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'not-found' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden' };
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');

  const root = await realpath(rendererDir);
  const requested = path.resolve(root, relative);
  if (!isInside(root, requested)) return { kind: 'forbidden' };

  let real: string;
  try {
    real = await realpath(requested);
  } catch {
    return { kind: 'not-found' };
  }
  if (!isInside(root, real)) return { kind: 'forbidden' };
  const info = await stat(real);
  return info.isFile() ? { kind: 'file', filePath: real, size: info.size } : { kind: 'not-found' };
}

function cacheControlFor(filePath: string): string {
  // The page names the current bundle; Vite's hashed assets never change under one name.
  if (filePath.endsWith('.html')) return 'no-store';
  return filePath.includes(`${path.sep}assets${path.sep}`) ? 'private, max-age=31536000, immutable' : 'no-cache';
}

/** Sends a file found by lookUpStaticFile; HEAD gets the headers only. */
export async function sendStaticFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: { filePath: string; size: number },
  extraHeaders: OutgoingHttpHeaders,
): Promise<void> {
  response.writeHead(200, {
    ...extraHeaders,
    'Content-Type': contentTypeFor(file.filePath),
    'Content-Length': file.size,
    'Cache-Control': cacheControlFor(file.filePath),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  await pipeline(createReadStream(file.filePath), response);
}
