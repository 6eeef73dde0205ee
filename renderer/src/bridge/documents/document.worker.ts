/** Holds large documents off the main thread: parsing, flattening and slicing happen here. */
import type { SharedLongText } from '../long-strings.js';
import type { DocumentReply, DocumentRequest } from '../../../../shared/document/document-protocol.js';
import { DocumentTable } from '../../../../shared/document/document-table.js';
import { PreparedTexts } from '../../../../shared/document/prepared-texts.js';

/** What the worker receives: a request, or (once) the port the reply parser sends long texts through. */
export type DocumentWorkerMessage = DocumentRequest | { textPort: MessagePort };

/** The worker's global scope, typed without the WebWorker lib (the renderer compiles against DOM). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DocumentWorkerMessage>) => void) | null;
  postMessage(message: DocumentReply): void;
};

/** Texts the reply parser shares are kept half a minute: a view opens them at once or not at all. */
const prepared = new PreparedTexts({ keepChars: 64 * 1024 * 1024, keepMs: 30_000, arrivalWaitMs: 10_000 });
const table = new DocumentTable(prepared);

scope.onmessage = (event) => {
  const message = event.data;
  if ('textPort' in message) {
    message.textPort.onmessage = (shared: MessageEvent<SharedLongText>) => prepared.add(shared.data);
    return;
  }
  void table.reply(message).then((reply) => scope.postMessage(reply));
};
