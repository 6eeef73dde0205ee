/**
 * The connection doctor (issue 39, item 1): each broken server gets its failing check and its fix;
 * a healthy one passes every check. Every exchange the doctor makes is in the traffic log.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorCheck, DoctorReport } from '../../shared/doctor.js';
import { APP_NODE_COMMAND, type TransportConfig } from '../../shared/server-config.js';
import { EVERYTHING_ENTRY, fixture, listenOnLoopback, selfSignedCertificate, startCore, startEverythingHttp, type TestCore } from './helpers.js';

function check(report: DoctorReport, id: string): DoctorCheck {
  const found = report.checks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No check "${id}" in ${report.checks.map((candidate) => candidate.id).join(', ')}`);
  return found;
}

describe('doctor.run', () => {
  let test: TestCore;
  const diagnose = async (name: string, transport: TransportConfig) => {
    const server = await test.add(name, transport);
    return test.core.handlers['doctor.run']({ serverId: server.id });
  };

  beforeAll(async () => {
    test = await startCore();
  });
  afterAll(async () => {
    await test?.core.dispose();
  });

  it('passes every check on server-everything over stdio, and records its exchanges', async () => {
    const report = await diagnose('Everything', { type: 'stdio', command: APP_NODE_COMMAND, args: [EVERYTHING_ENTRY, 'stdio'], env: [] });
    expect(report.checks.map((entry) => [entry.id, entry.status])).toEqual([
      ['command-found', 'pass'],
      ['starts', 'pass'],
      ['stays-up', 'pass'],
      ['stdout-json-rpc', 'pass'],
      ['stderr', 'pass'],
      ['initialize', 'pass'],
      ['protocol', 'pass'],
    ]);
    expect(report.ok).toBe(true);
    expect(check(report, 'initialize').saw).toMatch(/^It answered initialize in \d+ ms\.$/);
    expect(check(report, 'protocol').saw).toMatch(/^Protocol 2025-\d\d-\d\d: the 2025 era/);
    const traffic = (await test.traffic(report.serverId)).filter((entry) => entry.connectionId === report.connectionId);
    expect(traffic[0]?.text).toMatch(/^Diagnose: /);
    expect(traffic.some((entry) => entry.direction === 'out' && entry.method === 'initialize')).toBe(true);
    expect(traffic.some((entry) => entry.direction === 'in' && entry.kind === 'response')).toBe(true);
  });

  it('shows the line a server prints on stdout before initialize, and says to log to stderr', async () => {
    const report = await diagnose('Chatty', fixture('--banner', 'Server listening on stdio, hello!'));
    const stdout = check(report, 'stdout-json-rpc');
    expect(stdout.status).toBe('fail');
    expect(stdout.lines).toEqual(['Server listening on stdio, hello!']);
    expect(stdout.fix).toMatch(/write logs to stderr/);
    expect(report.ok).toBe(false);
    // The server still answered: the other checks say so.
    expect(check(report, 'initialize').status).toBe('pass');
  });

  it('says a command not on PATH is not found, with the command that finds it, and skips the rest', async () => {
    const report = await diagnose('Missing', { type: 'stdio', command: 'loupe-no-such-command', args: [], env: [] });
    const found = check(report, 'command-found');
    expect(found.status).toBe('fail');
    expect(found.saw).toMatch(/"loupe-no-such-command" is not in any of the \d+ folders of Loupe's PATH/);
    expect(found.command).toBe('command -v loupe-no-such-command');
    expect(check(report, 'starts').status).toBe('skipped');
    expect(check(report, 'protocol').status).toBe('skipped');
  });

  it('shows stderr when the server exits before answering', async () => {
    const report = await diagnose('Exits', fixture('--exit-before-initialize', '3'));
    expect(check(report, 'stays-up')).toMatchObject({ status: 'fail', saw: 'The process exited with code 3 before answering initialize.' });
    const stderr = check(report, 'stderr');
    expect(stderr.status).toBe('fail');
    expect(stderr.lines).toEqual(['fixture-server: loading configuration', 'Error: FIXTURE_API_KEY is not set (simulated start-up failure)']);
    expect(check(report, 'initialize').status).toBe('skipped');
  });

  describe('over HTTP', () => {
    let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
    let streamable: Awaited<ReturnType<typeof startEverythingHttp>>;
    beforeAll(async () => {
      [sse, streamable] = await Promise.all([startEverythingHttp('sse'), startEverythingHttp('streamableHttp')]);
    });
    afterAll(() => {
      sse?.stop();
      streamable?.stop();
    });

    it('finds /sse when /mcp is configured on an SSE server, and says to switch', async () => {
      const report = await diagnose('Wrong path', { type: 'streamable-http', url: `http://127.0.0.1:${sse.port}/mcp`, headers: [] });
      expect(check(report, 'dns').status).toBe('pass');
      expect(check(report, 'tcp').status).toBe('pass');
      const endpoint = check(report, 'endpoint-path');
      expect(endpoint.status).toBe('fail');
      expect(endpoint.saw).toMatch(/^\/mcp answered 404; \/sse answers as HTTP\+SSE/);
      expect(endpoint.fix).toBe(`Set the server's URL to http://127.0.0.1:${sse.port}/sse and its transport to SSE.`);
      expect(check(report, 'first-request').status).toBe('skipped');
      const traffic = (await test.traffic(report.serverId)).filter((entry) => entry.connectionId === report.connectionId && entry.kind === 'http');
      expect(traffic.map((entry) => entry.http?.url)).toEqual(expect.arrayContaining([`http://127.0.0.1:${sse.port}/mcp`, `http://127.0.0.1:${sse.port}/sse`]));
    });

    it('finds /mcp when /sse is configured on a Streamable HTTP server, and says to switch', async () => {
      const report = await diagnose('Wrong path back', { type: 'sse', url: `http://127.0.0.1:${streamable.port}/sse`, headers: [] });
      const endpoint = check(report, 'endpoint-path');
      expect(endpoint.status).toBe('fail');
      expect(endpoint.fix).toBe(`Set the server's URL to http://127.0.0.1:${streamable.port}/mcp and its transport to Streamable HTTP.`);
    });

    it('passes the endpoint on the right path and lists the first request\'s headers', async () => {
      const report = await diagnose('Right path', { type: 'streamable-http', url: `http://127.0.0.1:${streamable.port}/mcp`, headers: [{ key: 'Authorization', value: 'Bearer not-for-the-log' }] });
      expect(check(report, 'endpoint-path').status).toBe('pass');
      const headers = check(report, 'first-request');
      expect(headers.lines).toEqual(expect.arrayContaining(['→ accept: application/json, text/event-stream', '→ authorization: Bearer [redacted]']));
      expect(JSON.stringify(report)).not.toContain('not-for-the-log');
    });
  });

  it('says an untrusted self-signed certificate is not trusted, names it, and says how to trust it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-doctor-tls-'));
    const { key, cert } = selfSignedCertificate(dir);
    const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.writeHead(404).end());
    const port = await listenOnLoopback(server as unknown as Server);
    try {
      const report = await diagnose('Self-signed', { type: 'streamable-http', url: `https://127.0.0.1:${port}/mcp`, headers: [] });
      const tls = check(report, 'tls');
      expect(tls.status).toBe('fail');
      expect(tls.saw).toMatch(/^Certificate for 127\.0\.0\.1, issued by 127\.0\.0\.1, valid to .*\. NODE_EXTRA_CA_CERTS is .*\. It is not trusted: it is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)\.$/);
      // The fix depends on whether NODE_EXTRA_CA_CERTS is already set (CI images set it to the system bundle).
      expect(tls.fix).toMatch(process.env.NODE_EXTRA_CA_CERTS ? /^The file in NODE_EXTRA_CA_CERTS does not hold the CA that signed this certificate/ : /set NODE_EXTRA_CA_CERTS to that file's path, and restart Loupe/);
      expect(tls.command).toBe(`openssl s_client -connect 127.0.0.1:${port} -servername 127.0.0.1 -showcerts </dev/null`);
      expect(check(report, 'endpoint-path').status).toBe('skipped');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a 401 whose protected resource metadata names another origin, with the fix', async () => {
    let port = 0;
    const server = createHttpServer((req, res) => {
      if (req.url === '/.well-known/oauth-protected-resource/mcp') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resource: 'https://elsewhere.example/mcp', authorization_servers: ['https://elsewhere.example'] }));
        return;
      }
      res.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp"` }).end();
    });
    port = await listenOnLoopback(server);
    try {
      const report = await diagnose('Broken sign-in', { type: 'streamable-http', url: `http://127.0.0.1:${port}/mcp`, headers: [] });
      expect(check(report, 'endpoint-path')).toMatchObject({ status: 'pass', saw: '/mcp is there and asks for sign-in (401).' });
      const metadata = check(report, 'resource-metadata');
      expect(metadata.status).toBe('fail');
      expect(metadata.saw).toMatch(/`resource` https:\/\/elsewhere\.example\/mcp is on another origin than the server/);
      expect(metadata.fix).toMatch(/^Serve protected resource metadata \(RFC 9728\)/);
      expect(metadata.command).toBe(`curl -i http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`);
      expect(check(report, 'authorization-server').status).toBe('skipped');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
