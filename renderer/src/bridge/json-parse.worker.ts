/// <reference lib="webworker" />
import { slicesOf, takeLongStrings } from './long-strings';
import { parseLargeReply, type ParseReply, type ParseRequest } from './parse-off-thread';

const post = (reply: ParseReply) => self.postMessage(reply);

/** Fetches or decodes, then parses, a large reply off the page's main thread. */
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, ...source } = event.data;
  parseLargeReply(source).then(
    (parsed) => {
      const { value, places, strings } = takeLongStrings(parsed);
      for (const string of strings) for (const slice of slicesOf(string)) post({ id, slice });
      post({ id, value, places });
    },
    (error: unknown) => post({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
