import { existsSync, statSync } from 'node:fs';
import {
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type FetchLike,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { HttpExchange } from '../../../shared/auth.js';
import type { KeyValue, TransportConfig } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import type { WireReport } from '../traffic/traffic-log.js';
import { resolveAppNode } from './app-node.js';
import { createHttpProbe, type HttpProbe } from './http-probe.js';
import { mirroringFetch, ToolHeaderDeclarations } from './mirrored-headers.js';
import { recordingFetch } from './recording-fetch.js';
import { recordTransport } from './recording-transport.js';
import { WireTexts } from './wire-texts.js';
import { RecordingStdioTransport, type LineLimits } from './stdio-transport.js';

export type CreatedTransport =
  | { type: 'stdio'; transport: RecordingStdioTransport }
  | {
      type: 'http';
      transport: Transport;
      probe: HttpProbe;
      /** The transport's fetch (recording every exchange), for requests the OAuth flow makes itself. */
      fetch: FetchLike;
      /** Redeems an authorization redirect's code (and `iss`) for tokens, through the SDK. */
      finishAuth: (redirect: URLSearchParams) => Promise<void>;
    };

/** What an HTTP transport gets beyond its config: an OAuth client, and who else hears of each exchange. */
export interface HttpTransportExtras {
  authProvider?: OAuthClientProvider;
  /** The server's opt-in to authorization server metadata naming another issuer (RFC 8414 §3.3). */
  skipIssuerMetadataValidation?: boolean;
  onExchange?: (exchange: HttpExchange, trafficSeq: number) => void;
}

function toRecord(pairs: KeyValue[]): Record<string, string> {
  return Object.fromEntries(pairs.filter((pair) => pair.key.trim() !== '').map((pair) => [pair.key, pair.value]));
}

export function createTransport(
  config: TransportConfig,
  recorder: WireReport,
  lineLimits?: LineLimits,
  extras: HttpTransportExtras = {},
): CreatedTransport {
  if (config.type === 'stdio') {
    if (config.cwd && !(existsSync(config.cwd) && statSync(config.cwd).isDirectory())) {
      throw new LoupeError(`The working directory does not exist: ${config.cwd}`, 'invalid-config');
    }
    const node = resolveAppNode(config.command);
    const transport = new RecordingStdioTransport(
      {
        command: node.command,
        args: config.args,
        env: { ...getDefaultEnvironment(), ...node.env, ...toRecord(config.env) },
        ...(config.cwd ? { cwd: config.cwd } : {}),
      },
      recorder,
      lineLimits,
    );
    return { type: 'stdio', transport };
  }
  const url = new URL(config.url);
  const secretNames = new Set(config.headers.filter((pair) => pair.secret).map((pair) => pair.key.trim().toLowerCase()));
  const probe = createHttpProbe((id, headers) => recorder.httpRequestHeaders(id, headers), secretNames);
  const wireTexts = new WireTexts();
  const declarations = new ToolHeaderDeclarations();
  const fetch = recordingFetch(probe.fetch, {
    serverUrl: url,
    secretNames,
    wireTexts,
    declarations,
    onExchange: (exchange, links) => {
      const seq = recorder.http(exchange, links);
      extras.onExchange?.(exchange, seq);
    },
  });
  const options = {
    requestInit: { headers: toRecord(config.headers) },
    // Loupe's raw requests get the Mcp-Param-* headers the SDK's callTool would add (mirrored-headers.ts).
    fetch: mirroringFetch(fetch, declarations),
    ...(extras.authProvider ? { authProvider: extras.authProvider } : {}),
    ...(extras.skipIssuerMetadataValidation ? { skipIssuerMetadataValidation: true } : {}),
  };
  const inner =
    config.type === 'sse' ? new SSEClientTransport(url, options) : new StreamableHTTPClientTransport(url, options);
  return { type: 'http', transport: recordTransport(inner, recorder, wireTexts, declarations), probe, fetch, finishAuth: (redirect) => inner.finishAuth(redirect) };
}
