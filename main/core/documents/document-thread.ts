/**
 * The core's document thread: it keeps the long texts of tool results the core holds back, and
 * parses, flattens and slices them for the page's views. That work is CPU-bound on what a server
 * sent, so it never runs on the core's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { DocumentTable } from '../../../shared/document/document-table.js';
import { PreparedTexts } from '../../../shared/document/prepared-texts.js';
import { HELD_TEXT_LIMITS } from './held-text-limits.js';
import { readLatin1 } from './latin1-handoff.js';
import type { FromDocumentThread, ToDocumentThread } from './document-thread-protocol.js';

const texts = new PreparedTexts(HELD_TEXT_LIMITS);
const table = new DocumentTable(texts);

parentPort?.on('message', (message: ToDocumentThread) => {
  if ('hold' in message) {
    texts.add(message.hold);
    return;
  }
  if ('holdLatin1' in message) {
    const text = readLatin1(message.holdLatin1);
    parentPort?.postMessage({ released: true } satisfies FromDocumentThread);
    texts.add({ key: message.holdLatin1.key, text });
    return;
  }
  void table.reply(message).then((reply: FromDocumentThread) => parentPort?.postMessage(reply));
});
