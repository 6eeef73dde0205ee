import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpExchange } from '../../../shared/auth.js';
import type { WireReport } from '../traffic/traffic-log.js';
import { networkFetch } from '../transports/network-fetch.js';
import { recordingFetch } from '../transports/recording-fetch.js';

/**
 * The fetch of OAuth work done outside a connection (the debugger, Clear tokens' revocation): the
 * project's network fetch (proxy, CA), every exchange an `http` entry of the server's traffic,
 * credentials redacted, handed to `onExchange` with its entry's seq.
 */
export function recordedFetch(
  recorder: WireReport,
  serverUrl: URL,
  onExchange: (exchange: HttpExchange, trafficSeq: number) => void,
  options: { secretNames?: ReadonlySet<string>; inner?: FetchLike } = {},
): FetchLike {
  return recordingFetch(options.inner ?? networkFetch, {
    serverUrl,
    ...(options.secretNames ? { secretNames: options.secretNames } : {}),
    onExchange: (exchange, links) => onExchange(exchange, recorder.http(exchange, links)),
  });
}
