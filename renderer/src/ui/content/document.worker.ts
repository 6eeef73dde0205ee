/** Holds large documents off the main thread: parsing, flattening and slicing happen here. */
import type { SharedLongText } from '../../bridge/long-strings.js';
import { DocumentCore } from './document-core.js';
import type { DocumentReply, DocumentReplyValue, DocumentRequest, DocumentWorkerMessage } from './document-protocol.js';
import { PreparedTexts } from './prepared-texts.js';

/** The worker's global scope, typed without the WebWorker lib (the renderer compiles against DOM). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DocumentWorkerMessage>) => void) | null;
  postMessage(message: DocumentReply): void;
};

const documents = new Map<number, DocumentCore>();
/** Chunks of texts still arriving, by document. */
const pending = new Map<number, string[]>();
const prepared = new PreparedTexts();

/** Opens a shared text (which may still be on its way) as a document. */
async function openShared(documentId: number, key: number): Promise<DocumentReplyValue> {
  const document = await prepared.take(key);
  documents.set(documentId, document);
  return document.info();
}

function handle({ documentId, command }: DocumentRequest): DocumentReplyValue | Promise<DocumentReplyValue> {
  if (command.type === 'chunk') {
    const chunks = pending.get(documentId) ?? [];
    chunks.push(command.text);
    pending.set(documentId, chunks);
    return null;
  }
  if (command.type === 'open') {
    const input = command.chunked ? { kind: 'text' as const, text: (pending.get(documentId) ?? []).join('') } : command.input;
    pending.delete(documentId);
    const document = new DocumentCore(input);
    documents.set(documentId, document);
    return document.info();
  }
  if (command.type === 'openShared') return openShared(documentId, command.key);
  if (command.type === 'close') {
    documents.delete(documentId);
    pending.delete(documentId);
    return null;
  }
  const document = documents.get(documentId);
  if (!document) throw new Error('This document was closed.');
  switch (command.type) {
    case 'rows':
      return document.rows(command.start, command.end);
    case 'segments':
      return document.segments(command.start, command.end);
    case 'toggle':
      return document.toggle(command.index);
    case 'expandAll':
      return document.expandAll(command.index);
    case 'collapseAll':
      return document.collapseAll();
    case 'parent':
      return document.parentIndex(command.index);
    case 'pointer':
      return document.pointer(command.index);
    case 'copy':
      return document.copyText(command.index);
    case 'raw':
      return document.prepareRaw();
  }
}

const failure = (requestId: number, error: unknown): DocumentReply => ({ requestId, ok: false, message: error instanceof Error ? error.message : String(error) });

scope.onmessage = (event) => {
  const message = event.data;
  if ('textPort' in message) {
    message.textPort.onmessage = (shared: MessageEvent<SharedLongText>) => prepared.add(shared.data);
    return;
  }
  let value: DocumentReplyValue | Promise<DocumentReplyValue>;
  try {
    value = handle(message);
  } catch (error) {
    scope.postMessage(failure(message.requestId, error));
    return;
  }
  Promise.resolve(value).then(
    (resolved) => scope.postMessage({ requestId: message.requestId, ok: true, value: resolved }),
    (error: unknown) => scope.postMessage(failure(message.requestId, error)),
  );
};
