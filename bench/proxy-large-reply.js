/**
 * A 20 MB tool reply (the fixture server's `big` tool) read by a raw client straight from the
 * server and through `loupe proxy` with the app's core recording: the reply's bytes must have the
 * same SHA-256 both ways, and the time from the request to the reply's last byte is compared (the
 * proxy's added latency). Also when the app's record has the whole reply.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { FIXTURE_SERVER_PATH } from './lib/loupe-browser.js';
import { startAppCore, throughProxy } from './lib/loupe-proxy.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'proxy-large-reply';
export const description = 'a 20 MB reply straight from the server vs through loupe proxy (app recording)';
export const defaults = { rounds: 7 };

const MB = 20;
const SERVER = { command: process.execPath, args: [FIXTURE_SERVER_PATH] };

/** A line-reading raw client: sends a line, resolves with the next reply line's bytes and how long it took. */
function rawClient(launch) {
  const child = spawn(launch.command, launch.args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let chunks = [];
  let waiting;
  child.stdout.on('data', (chunk) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      chunks.push(chunk.subarray(start, newline + 1));
      const line = Buffer.concat(chunks);
      chunks = [];
      start = newline + 1;
      const done = waiting;
      waiting = undefined;
      done?.(line);
    }
    if (start < chunk.length) chunks.push(chunk.subarray(start));
  });
  return {
    ask(message) {
      const started = performance.now();
      return new Promise((resolve) => {
        waiting = (line) => resolve({ line, ms: performance.now() - started });
        child.stdin.write(`${JSON.stringify(message)}\n`);
      });
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => child.once('close', resolve));
    },
  };
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export async function run({ rounds }) {
  const problems = [];
  const app = await startAppCore();
  const clients = { direct: rawClient(SERVER), proxied: rawClient(throughProxy(SERVER, app.dataDir)) };
  const results = { direct: [], proxied: [] };
  let recordedMs = [];
  try {
    for (const client of Object.values(clients)) await client.ask({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
    // One call each to warm up (the server makes and keeps its 20 MB reply on the first).
    for (const client of Object.values(clients)) await client.ask({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'big', arguments: { mb: MB } } });
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['direct', 'proxied'] : ['proxied', 'direct'];
      for (const which of order) {
        const asked = performance.timeOrigin + performance.now();
        const reply = await clients[which].ask({ jsonrpc: '2.0', id: 2 + round, method: 'tools/call', params: { name: 'big', arguments: { mb: MB } } });
        results[which].push({ ms: reply.ms, bytes: reply.line.length, sha: sha256(reply.line) });
        if (which === 'proxied') {
          // How long until the app's log has the reply's entry (the page has its size; the whole text is on disk by then).
          for (;;) {
            const page = await app.core.handlers['traffic.list']({ methods: ['tools/call'] });
            const entry = page.entries.findLast((candidate) => candidate.kind === 'response' && candidate.id === 2 + round);
            if (entry && entry.size === reply.line.length - 1) {
              recordedMs.push(performance.timeOrigin + performance.now() - asked);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
      }
    }
  } finally {
    await Promise.allSettled(Object.values(clients).map((client) => client.close()));
    await app.dispose();
  }
  // Each round's reply carries its own id: the two replies of a round are compared.
  const sameBytes = results.direct.every((result, index) => result.sha === results.proxied[index].sha && result.bytes === results.proxied[index].bytes);
  if (!sameBytes) problems.push('the reply through the proxy differs from the server\'s');
  console.log(`\n${name}: ${description}`);
  console.log(`${rounds} alternating rounds after one warm-up call each; the app's core in a process of its own, recording\n`);
  printTable([
    ['path', 'reply bytes', 'SHA-256', 'median ms', 'rounds (ms)'],
    ...['direct', 'proxied'].map((which) => [
      which === 'direct' ? 'straight from the server' : 'through loupe proxy',
      results[which][0]?.bytes ?? 0,
      `${results[which][0]?.sha.slice(0, 16) ?? ''}…`,
      median(results[which].map((result) => result.ms)).toFixed(1),
      results[which].map((result) => result.ms.toFixed(0)).join(' / '),
    ]),
  ]);
  const added = median(results.proxied.map((result, index) => result.ms - results.direct[index].ms));
  console.log(`\nsame SHA-256 both ways: ${sameBytes ? 'yes' : 'NO'}`);
  console.log(`added latency through the proxy (median of the rounds' differences): ${added.toFixed(1)} ms`);
  console.log(`request → the reply's entry in the app's log: median ${median(recordedMs).toFixed(0)} ms (${recordedMs.map((ms) => ms.toFixed(0)).join(' / ')})`);
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems };
}
