/**
 * Large replies for the page, kept until its worker fetches them over HTTP: the WebSocket carries
 * only where to fetch (`/replies/<id>`), so megabytes never pass through the page's main thread,
 * and Chromium streams the body straight into the worker that parses it. Each reply is served
 * once, to a token holder (the request handler checks), and forgotten after a minute unfetched.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { ReplyFile } from '../core/core.js';
import { removeReplyFile } from '../core-process/reply-files.js';

export const REPLIES_PATH = '/replies/';
const KEEP_MS = 60_000;
/** Large reads: a 20 MB reply goes out in twenty writes, not three hundred. */
const READ_CHUNK_BYTES = 1024 * 1024;

type Stashed = { file: ReplyFile } | { bytes: Buffer };

export class ReplyStash {
  private readonly stashed = new Map<string, { reply: Stashed; timer: NodeJS.Timeout }>();

  /** Keeps a reply; returns the path the page fetches it from. */
  add(reply: Stashed): string {
    const id = randomBytes(16).toString('hex');
    const timer = setTimeout(() => this.forget(id), KEEP_MS);
    timer.unref();
    this.stashed.set(id, { reply, timer });
    return `${REPLIES_PATH}${id}`;
  }

  /** Whether a request path is one of the stash's. */
  static owns(pathname: string): boolean {
    return pathname.startsWith(REPLIES_PATH);
  }

  /** Sends a reply's JSON once (404 when unknown, already sent or expired). */
  serve(pathname: string, response: ServerResponse, headers: Record<string, string>): void {
    const id = pathname.slice(REPLIES_PATH.length);
    const entry = this.stashed.get(id);
    if (!entry) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end('This reply was already fetched, or it expired.\n');
      return;
    }
    clearTimeout(entry.timer);
    this.stashed.delete(id);
    const { reply } = entry;
    const length = 'file' in reply ? reply.file.bytes : reply.bytes.length;
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json', 'Content-Length': length, 'Cache-Control': 'no-store' });
    if ('bytes' in reply) {
      response.end(reply.bytes);
      return;
    }
    const stream = createReadStream(reply.file.path, { highWaterMark: READ_CHUNK_BYTES });
    const done = () => removeReplyFile(reply.file);
    stream.once('close', done);
    stream.once('error', () => response.destroy());
    stream.pipe(response);
  }

  /** Drops every reply not yet fetched. */
  clear(): void {
    for (const id of [...this.stashed.keys()]) this.forget(id);
  }

  private forget(id: string): void {
    const entry = this.stashed.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.stashed.delete(id);
    if ('file' in entry.reply) removeReplyFile(entry.reply.file);
  }
}
