/// <reference lib="webworker" />
import { parseLargeReply, type ParseRequest } from './parse-off-thread';

/** Fetches or decodes, then parses, a large reply off the page's main thread. */
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, ...source } = event.data;
  parseLargeReply(source).then(
    (value) => self.postMessage({ id, value }),
    (error: unknown) => self.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
