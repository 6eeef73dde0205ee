#!/usr/bin/env node
// The client the conformance suite runs: `node adapter.mjs <server URL>`, with the scenario in
// MCP_CONFORMANCE_SCENARIO. It drives the `loupe` CLI (built into dist/) in this process, so each
// scenario exercises the CLI and the app's core. Needs `npm run build:core` first.
// With LOUPE_CONFORMANCE_VIA_PROXY=1 the CLI reaches the scenario's server through `loupe proxy --http`,
// so the scenario also checks that the proxy passes a real client's session through unchanged.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../dist/main/cli/run-cli.js';

const serverUrl = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
/** Extra facts some scenarios hand the client (a pre-registered client's id and secret). */
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');

/** What each scenario asks of a client; the rest connect and list tools. */
const PLANS = {
  // The suite's auth servers offer one tool; calling it is what makes step-up ask for more scope.
  auth: ['tools', 'call', 'test-tool'],
  tools_call: ['tools', 'call', 'add_numbers', '--args', '{"a":2,"b":3}'],
  'elicitation-sep1034-client-defaults': ['tools', 'call', 'test_client_elicitation_defaults', '--replies', 'REPLIES'],
  'sse-retry': ['tools', 'call', 'test_reconnection'],
};

const work = await mkdtemp(path.join(tmpdir(), 'loupe-conformance-'));

/** `loupe proxy --http` in front of the scenario's server: resolves with the URL to use instead, and how to stop it. */
async function startProxy(upstream) {
  const cli = new URL('../../dist/main/cli/loupe.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [cli, 'proxy', '--http', upstream, '--listen', '127.0.0.1:0', '--data-dir', path.join(work, 'proxy-data')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const line = /^(http:\S+)\n/.exec(text);
      if (line) resolve(line[1]);
    });
    child.once('exit', (code) => reject(new Error(`loupe proxy exited with code ${code} before listening`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once('close', resolve);
      child.kill('SIGTERM');
    });
  return { url, stop };
}

const proxy = process.env.LOUPE_CONFORMANCE_VIA_PROXY === '1' ? await startProxy(serverUrl) : undefined;
const url = proxy?.url ?? serverUrl;

/**
 * Sign-in flags: the suite's authorization servers approve without a person, so the CLI follows
 * the authorization URL itself. The client secret travels in an environment variable, a private
 * key in a file, as a user would hand them over.
 */
async function authFlags() {
  // The suite's stand-in for a client's published metadata document (what a CIMD client uses as its id).
  const flags = ['--sign-in', '--authorize-with', 'http-get', '--client-metadata-url', 'https://conformance-test.local/client-metadata.json'];
  if (scenario.includes('client-credentials')) flags.push('--grant', 'client_credentials');
  if (context.idp_token_endpoint) {
    process.env.LOUPE_CONFORMANCE_IDP_ID_TOKEN = context.idp_id_token;
    flags.push('--grant', 'cross-app-access', '--idp-token-endpoint', context.idp_token_endpoint, '--idp-id-token-env', 'LOUPE_CONFORMANCE_IDP_ID_TOKEN');
    if (context.idp_client_id) flags.push('--idp-client-id', context.idp_client_id);
  }
  if (context.client_id) flags.push('--client-id', context.client_id);
  if (context.private_key_pem) {
    const keyFile = path.join(work, 'client-key.pem');
    await writeFile(keyFile, context.private_key_pem, { mode: 0o600 });
    flags.push('--private-key', keyFile);
  } else if (context.client_secret) {
    process.env.LOUPE_CONFORMANCE_CLIENT_SECRET = context.client_secret;
    flags.push('--client-secret-env', 'LOUPE_CONFORMANCE_CLIENT_SECRET');
  }
  // The 2025-03-26 back-compat servers publish metadata whose issuer is not where it was found.
  if (scenario.includes('2025-03-26')) flags.push('--allow-issuer-mismatch');
  return flags;
}

const replies = path.join(work, 'replies.json');
await writeFile(replies, JSON.stringify({ elicitation: { action: 'accept', fillDefaults: true } }));
const plan = (PLANS[scenario] ?? (scenario.startsWith('auth/') ? PLANS.auth : ['tools', 'list'])).map((arg) => (arg === 'REPLIES' ? replies : arg));
const args = [
  ...plan,
  ...(scenario.startsWith('auth/') ? await authFlags() : []),
  ...(process.env.LOUPE_CONFORMANCE_RECORD ? ['--record', process.env.LOUPE_CONFORMANCE_RECORD] : []),
  ...['--url', url, '--data-dir', path.join(work, 'data'), '--json'],
];

const exitCode = await runCli(args, {
  io: { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  version: 'conformance',
  defaultDataDir: path.join(work, 'data'),
});
await proxy?.stop();
await rm(work, { recursive: true, force: true });
process.stdout.write('', () => process.exit(exitCode));
