import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forward, listenOnLoopback, selfSignedCertificate, startCore, startEverythingHttp, startForwardProxy, type ForwardProxy } from './helpers.js';

/** The count once it has not changed for half a second. */
async function quietCount(count: () => number): Promise<number> {
  let last = count();
  for (let still = 0; still < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = count();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

const CLI = fileURLToPath(new URL('../../dist/main/cli/loupe.js', import.meta.url));

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

describe('HTTP servers behind a company proxy', () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  let proxy: ForwardProxy;
  let proxyPort: number;
  let proxied: string[];

  beforeAll(async () => {
    everything = await startEverythingHttp('streamableHttp');
    proxy = await startForwardProxy();
    proxyPort = proxy.port;
    proxied = proxy.seen;
  });
  afterAll(async () => {
    everything.stop();
    await proxy.close();
  });
  afterEach(() => {
    for (const name of PROXY_VARIABLES) delete process.env[name];
  });

  it('goes through HTTP_PROXY, and around it for a host in NO_PROXY', async () => {
    const url = `http://127.0.0.1:${everything.port}/mcp`;
    const test = await startCore();
    try {
      process.env.HTTP_PROXY = `http://127.0.0.1:${proxyPort}`;
      const server = await test.add('behind proxy', { type: 'streamable-http', url, headers: [] });
      expect((await test.core.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
      expect(proxied).toContain(`CONNECT 127.0.0.1:${everything.port}`);
      await test.core.handlers['connections.disconnect']({ serverId: server.id });
      // The core loads the lists on connect (and again on the server's list_changed): requests sent
      // before the disconnect may reach the proxy after it. Count from when the proxy has gone quiet.
      const before = await quietCount(() => proxied.length);
      process.env.NO_PROXY = '127.0.0.1';
      expect((await test.core.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
      expect(proxied.length).toBe(before);
    } finally {
      await test.core.dispose();
    }
  });

  // Needs the openssl command (.ci/run installs it) to make a self-signed certificate.
  it('trusts a certificate named in NODE_EXTRA_CA_CERTS, and refuses it otherwise', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-tls-'));
    const { key, cert } = selfSignedCertificate(dir);
    const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => forward(req, res, new URL(req.url ?? '/', `http://127.0.0.1:${everything.port}`)));
    const port = await listenOnLoopback(tls as unknown as Server);
    const loupe = (env: NodeJS.ProcessEnv) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'tools', 'list', '--url', `https://127.0.0.1:${port}/mcp`, '--data-dir', dir], { env: { ...process.env, ...env } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    try {
      const refused = await loupe({});
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/certificate/i);
      const trusted = await loupe({ NODE_EXTRA_CA_CERTS: cert });
      expect(trusted.stderr).toBe('');
      expect(trusted.stdout).toMatch(/^echo\s/m);
      expect(trusted.code).toBe(0);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
