import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ConnectionFailure, ProcessExit } from '../../../shared/connection.js';
import type { RpcFailure } from '../../../shared/mcp.js';
import type { CallTimeouts, TransportConfig } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import type { HttpProbe } from '../transports/http-probe.js';
import { CallTimedOut, InputAbandoned } from './input-rounds.js';
import { plainText } from '../../../shared/plain-text.js';

export interface FailureContext {
  config: TransportConfig;
  /** Set when a stdio process exited before the handshake finished. */
  exit?: ProcessExit;
  probe?: HttpProbe;
  initializeTimeoutMs: number;
}

const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_NOT_YET_VALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

/** The error and its causes, outermost first (fetch wraps the socket error in `cause`). */
function causeChain(error: unknown): Array<Error & { code?: unknown; syscall?: unknown; hostname?: unknown }> {
  const chain = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function errorText(error: unknown): string {
  return causeChain(error)
    .map((e) => e.message)
    .filter(Boolean)
    .join(': ');
}

function target(config: TransportConfig): string {
  return config.type === 'stdio' ? config.command : config.url;
}

function describeExit(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
}

/** Turns whatever a connect attempt threw into one sentence a person can act on. */
export function describeConnectFailure(error: unknown, context: FailureContext): ConnectionFailure {
  const chain = causeChain(error);
  const codes = chain.map((e) => (typeof e.code === 'string' ? e.code : undefined));
  const detail = errorText(error) || undefined;
  const withDetail = (failure: ConnectionFailure): ConnectionFailure =>
    detail && !failure.detail ? { ...failure, detail } : failure;

  if (error instanceof LoupeError && error.code === 'invalid-config') {
    return { code: 'invalid-config', message: error.message };
  }
  if (context.config.type === 'stdio') {
    if (codes.includes('ENOENT')) {
      return withDetail({
        code: 'command-not-found',
        message: `Command not found: "${context.config.command}". Check the spelling, or give the full path to the program.`,
      });
    }
    if (codes.includes('EACCES')) {
      return withDetail({
        code: 'spawn-failed',
        message: `Permission denied running "${context.config.command}": the file is not executable.`,
      });
    }
    if (context.exit) {
      const stderr = context.exit.stderrTail.join('\n');
      return {
        code: 'exited-before-initialize',
        message: `The server process ${describeExit(context.exit)} before answering initialize.`,
        detail: stderr ? `Last stderr lines:\n${stderr}` : 'The process wrote nothing to stderr.',
      };
    }
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return withDetail({
      code: 'initialize-timeout',
      message: `The server did not answer initialize within ${Math.round(context.initializeTimeoutMs / 1000)} s.`,
    });
  }
  const unsupported = /protocol version is not supported: (\S+)/i.exec(detail ?? '');
  if (unsupported) {
    return withDetail({
      code: 'unsupported-protocol-version',
      message: `The server answered with protocol version ${unsupported[1]}, which Loupe does not support.`,
    });
  }
  const status = context.probe?.lastFailure?.status;
  if (status !== undefined) {
    const statusLine = `${status} ${context.probe?.lastFailure?.statusText ?? ''}`.trim();
    if (status === 404) {
      return withDetail({
        code: 'http-not-found',
        message: `The server answered ${statusLine} at ${target(context.config)}: check the URL's path (Streamable HTTP servers usually use /mcp, SSE servers /sse).`,
      });
    }
    if (status === 401 || status === 403) {
      return withDetail({
        code: 'http-unauthorized',
        message: `The server refused access with ${statusLine}: add the credentials it expects (such as an Authorization header), or use Sign in if it offers OAuth.`,
      });
    }
    if (status >= 500) {
      return withDetail({ code: 'http-server-error', message: `The server failed with ${statusLine} while connecting.` });
    }
    return withDetail({ code: 'http-error', message: `The server answered ${statusLine} while connecting.` });
  }
  if (codes.includes('ECONNREFUSED')) {
    return withDetail({
      code: 'connection-refused',
      message: `Connection refused at ${target(context.config)}: is the server running and listening on that port?`,
    });
  }
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) {
    return withDetail({ code: 'dns-error', message: `The host name in ${target(context.config)} could not be resolved.` });
  }
  const tls = chain.find((e) => (typeof e.code === 'string' && TLS_CODES.has(e.code)) || /certificate|tls|ssl/i.test(e.message));
  if (tls) {
    return withDetail({ code: 'tls-error', message: `TLS error connecting to ${target(context.config)}: ${tls.message}.` });
  }
  return withDetail({
    code: 'unknown',
    message: `Could not connect to ${target(context.config)}: ${chain[0]?.message || String(error) || 'no reason given'}.`,
  });
}

/** What a failed request's wording depends on besides the error. */
export interface RequestFailureContext {
  timeouts: CallTimeouts;
  /** The connection is still up (a closed one explains the failure). */
  connected: boolean;
  /** How the server's process ended, when it did. */
  exit?: ProcessExit | undefined;
  negotiatedVersion?: string | undefined;
}

/** Why a request that was sent did not get its result, in one sentence and a kind. */
export function describeRequestFailure(error: unknown, signal: AbortSignal, context: RequestFailureContext): RpcFailure {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof InputAbandoned && reason.status === 'disconnected') return { kind: 'disconnected', message: reason.message };
    if (reason instanceof CallTimedOut) return { kind: 'timeout', message: reason.message };
    return { kind: 'cancelled', message: reason instanceof Error ? reason.message : plainText(reason ?? 'Cancelled.') };
  }
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) {
      return { kind: 'timeout', message: `No answer within ${Math.round(context.timeouts.timeoutMs / 1000)} s: the request timed out.` };
    }
    if (error.code === SdkErrorCode.ConnectionClosed && !context.connected) {
      return { kind: 'disconnected', message: disconnectSentence(context.exit) };
    }
    if (error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
      return { kind: 'protocol', message: `${error.message}. This connection speaks ${context.negotiatedVersion ?? 'another version'}.` };
    }
  }
  if (error instanceof ProtocolError) {
    return { kind: 'protocol', message: error.message, code: error.code, ...(error.data !== undefined ? { data: error.data } : {}) };
  }
  if (!context.connected) return { kind: 'disconnected', message: disconnectSentence(context.exit) };
  return { kind: 'protocol', message: error instanceof Error ? error.message : String(error) };
}

/** A request was running when the connection went: how it went. */
export function disconnectSentence(exit: ProcessExit | undefined): string {
  if (exit) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
    return `The server process ${how} while the request was running.`;
  }
  return 'The connection closed while the request was running.';
}
