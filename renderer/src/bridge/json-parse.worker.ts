/// <reference lib="webworker" />
import { slicesOf, takeLongStrings, type SharedLongText } from './long-strings';
import { parseLargeReply, type ParseReply, type ParseWorkerMessage } from './parse-off-thread';

const post = (reply: ParseReply) => self.postMessage(reply);
/** Where long strings also go (the document worker), once the page has linked it. */
let sharePort: MessagePort | undefined;
let nextSharedKey = 1;

/** Fetches or decodes, then parses, a large reply off the page's main thread. */
self.onmessage = (event: MessageEvent<ParseWorkerMessage>) => {
  if ('sharePort' in event.data) {
    sharePort = event.data.sharePort;
    return;
  }
  const { id, ...source } = event.data;
  parseLargeReply(source).then(
    (parsed) => {
      const { value, places, strings } = takeLongStrings(parsed);
      strings.forEach((text, index) => {
        if (!sharePort) return;
        const shared: SharedLongText = { key: nextSharedKey++, text };
        // First, so the document worker prepares a view while the page is still joining the slices.
        sharePort.postMessage(shared);
        places[index]!.sharedKey = shared.key;
      });
      for (const string of strings) for (const slice of slicesOf(string)) post({ id, slice });
      post({ id, value, places });
    },
    (error: unknown) => post({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
