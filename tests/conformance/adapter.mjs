#!/usr/bin/env node
// The client the conformance suite runs: `node adapter.mjs <server URL>`, with the scenario in
// MCP_CONFORMANCE_SCENARIO. It drives the `loupe` CLI (built into dist/) in this process, so each
// scenario exercises the CLI and the app's core. Needs `npm run build:core` first.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../dist/main/cli/run-cli.js';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
/** Extra facts some scenarios hand the client (a pre-registered client's id and secret). */
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');

/** What each scenario asks of a client; the rest connect and list tools (the auth scenarios look at how the client got in). */
const PLANS = {
  tools_call: ['tools', 'call', 'add_numbers', '--args', '{"a":2,"b":3}'],
  'elicitation-sep1034-client-defaults': ['tools', 'call', 'test_client_elicitation_defaults', '--replies', 'REPLIES'],
  'sse-retry': ['tools', 'call', 'test_reconnection'],
};

/**
 * OAuth settings handed through the CLI's auth seam (the shape of the core's AuthSettings): the suite's
 * authorization servers approve without a person. The client secret or private key rides along until
 * the CLI stores it with the core's own request for that.
 */
function authSettings() {
  return {
    authorizeWith: 'http-get',
    ...(scenario.includes('client-credentials') ? { grant: 'client_credentials' } : {}),
    ...(context.private_key_pem ? { clientAuthentication: 'private_key_jwt' } : {}),
    ...(context.client_id ? { clientId: context.client_id } : {}),
    ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
    ...(context.private_key_pem ? { privateKeyPem: context.private_key_pem } : {}),
  };
}

const work = await mkdtemp(path.join(tmpdir(), 'loupe-conformance-'));
const replies = path.join(work, 'replies.json');
await writeFile(replies, JSON.stringify({ elicitation: { action: 'accept', fillDefaults: true } }));
const plan = (PLANS[scenario] ?? ['tools', 'list']).map((arg) => (arg === 'REPLIES' ? replies : arg));
const args = [...plan, ...(process.env.LOUPE_CONFORMANCE_RECORD ? ['--record', process.env.LOUPE_CONFORMANCE_RECORD] : []), '--url', url, '--data-dir', path.join(work, 'data'), '--json'];

const exitCode = await runCli(
  args,
  {
    io: { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
    version: 'conformance',
    defaultDataDir: path.join(work, 'data'),
  },
  scenario.startsWith('auth/') ? { auth: { settings: authSettings() } } : {},
);
await rm(work, { recursive: true, force: true });
process.stdout.write('', () => process.exit(exitCode));
