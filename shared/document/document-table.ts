/**
 * The open documents of one document worker, answering the commands of `document-protocol.ts`.
 * The page's document worker and the core's document thread each run one.
 */
import { DocumentCore } from './document-core.js';
import type { DocumentCommand, DocumentReply, DocumentReplyValue, DocumentRequest } from './document-protocol.js';
import type { PreparedTexts } from './prepared-texts.js';

/** How long a lazily read document waits before it is checked whole (see `DocumentCore.check`). */
const CHECK_AFTER_MS = 100;

export class DocumentTable {
  private readonly documents = new Map<number, DocumentCore>();
  /** Chunks of texts still arriving, by document. */
  private readonly pending = new Map<number, string[]>();

  constructor(private readonly prepared: PreparedTexts) {}

  /** The reply to a request: its value, or why it failed. */
  async reply(request: DocumentRequest): Promise<DocumentReply> {
    try {
      return { requestId: request.requestId, ok: true, value: await this.handle(request) };
    } catch (error) {
      return { requestId: request.requestId, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private handle({ documentId, command }: DocumentRequest): DocumentReplyValue | Promise<DocumentReplyValue> {
    switch (command.type) {
      case 'chunk': {
        const chunks = this.pending.get(documentId) ?? [];
        chunks.push(command.text);
        this.pending.set(documentId, chunks);
        return null;
      }
      case 'open': {
        const input = command.chunked ? { kind: 'text' as const, text: (this.pending.get(documentId) ?? []).join('') } : command.input;
        this.pending.delete(documentId);
        return this.opened(documentId, new DocumentCore(input, { lazy: true }));
      }
      case 'openShared':
        return this.prepared.take(command.key).then((document) => this.opened(documentId, document));
      case 'sharedText':
        return this.prepared.text(command.key);
      case 'close':
        this.documents.delete(documentId);
        this.pending.delete(documentId);
        return null;
      default:
        return this.ask(documentId, command);
    }
  }

  /** A command to an open document. */
  private ask(
    documentId: number,
    command: Exclude<DocumentCommand, { type: 'chunk' | 'open' | 'openShared' | 'sharedText' | 'close' }>,
  ): DocumentReplyValue | Promise<DocumentReplyValue> {
    const document = this.documents.get(documentId);
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
      case 'check':
        // After the first screen's rows, which the view asks for at once: they come first.
        return new Promise((resolve) => setTimeout(() => resolve(document.check()), CHECK_AFTER_MS));
    }
  }

  private opened(documentId: number, document: DocumentCore): DocumentReplyValue {
    this.documents.set(documentId, document);
    return document.info();
  }
}
