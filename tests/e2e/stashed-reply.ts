import { get } from 'node:http';
import { replyFromJson } from '../../shared/wire.js';

/**
 * Fetches a large reply the host stashed (`/replies/<id>`), as the page's worker does: from the
 * loopback address, naming the session's host, with the session cookie.
 */
export function fetchStashedReply(page: URL, cookie: string, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port: page.port, path, headers: { Host: page.host, Cookie: cookie } }, (response) => {
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('end', () => {
        const text = Buffer.concat(pieces).toString('utf8');
        if (response.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${response.statusCode}: ${text}`));
        else resolve(replyFromJson(JSON.parse(text)));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
