/** Holds large documents off the main thread: parsing, flattening and slicing happen here. */
import { DocumentCore } from './document-core.js';
import type { DocumentReply, DocumentReplyValue, DocumentRequest } from './document-protocol.js';

/** The worker's global scope, typed without the WebWorker lib (the renderer compiles against DOM). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DocumentRequest>) => void) | null;
  postMessage(message: DocumentReply): void;
};

const documents = new Map<number, DocumentCore>();
/** Chunks of texts still arriving, by document. */
const pending = new Map<number, string[]>();

function handle({ documentId, command }: DocumentRequest): DocumentReplyValue {
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

scope.onmessage = (event) => {
  const request = event.data;
  let reply: DocumentReply;
  try {
    reply = { requestId: request.requestId, ok: true, value: handle(request) };
  } catch (error) {
    reply = { requestId: request.requestId, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
