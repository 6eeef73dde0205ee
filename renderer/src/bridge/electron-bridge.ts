import type { EventName, EventPayload, RequestResult } from '../../../shared/contract';
import { PRELOAD_GLOBAL, type PreloadApi } from '../../../shared/wire';
import { BridgeError } from './bridge-error';
import { workerReplyParser, type ParseLargeReply } from './parse-off-thread';
import type { Bridge, LinkState } from './types';

const OPEN: LinkState = { status: 'open' };

/** The API the preload exposed on `window`, when running inside Electron. */
export function findPreloadApi(): PreloadApi | undefined {
  const candidate = (window as unknown as Record<string, unknown>)[PRELOAD_GLOBAL];
  if (candidate && typeof candidate === 'object' && 'request' in candidate && 'on' in candidate) {
    return candidate as PreloadApi;
  }
  return undefined;
}

/**
 * IPC never drops while the window lives, so the link is always open. A large value comes as the
 * bytes of its JSON and is parsed off the main thread (`parseLarge`, a worker in the app).
 */
export function createElectronBridge(api: PreloadApi, parseLarge: ParseLargeReply = workerReplyParser()): Bridge {
  return {
    kind: 'electron',
    invoke: async (name, ...params) => {
      const result = await api.request(name, params[0]);
      if (!result.ok) throw new BridgeError(result.error);
      if ('json' in result) return (await parseLarge({ bytes: result.json })) as RequestResult<typeof name>;
      return result.value as RequestResult<typeof name>;
    },
    on: <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) => api.on(name, listener as (payload: unknown) => void),
    getLinkState: () => OPEN,
    onLinkStateChange: () => () => undefined,
    reconnectNow: () => undefined,
  };
}
