/** Messages to and from a document worker: the page's (a Web Worker) or the core's (a worker thread). */
import type { DocumentInfo, DocumentInput } from './document-core.js';
import type { TreeRow } from './json-tree-model.js';
import type { TextSegment } from './text-segments.js';

export type DocumentCommand =
  /** A piece of a large text, sent ahead of `open` (see `openChunked`). */
  | { type: 'chunk'; text: string }
  /** `chunked`: the text is the chunks sent before, joined. */
  | { type: 'open'; input: DocumentInput; chunked?: boolean }
  /** Opens a text the worker was handed ahead (see prepared-texts.ts). */
  | { type: 'openShared'; key: number }
  /** Such a text itself, whole (no document needed). */
  | { type: 'sharedText'; key: number }
  | { type: 'rows'; start: number; end: number }
  | { type: 'segments'; start: number; end: number }
  | { type: 'toggle'; index: number }
  | { type: 'expandAll'; index: number }
  | { type: 'collapseAll' }
  | { type: 'parent'; index: number }
  | { type: 'pointer'; index: number }
  | { type: 'copy'; index?: number }
  | { type: 'raw' }
  /** Answers once a lazily read document was checked whole (see `DocumentCore.check`), with its info. */
  | { type: 'check' }
  | { type: 'close' };

export interface DocumentRequest {
  /** Matches the reply to its request. */
  requestId: number;
  documentId: number;
  command: DocumentCommand;
}

export type DocumentReplyValue = DocumentInfo | TreeRow[] | TextSegment[] | number | string | null;

export type DocumentReply =
  | { requestId: number; ok: true; value: DocumentReplyValue }
  | { requestId: number; ok: false; message: string };

/** What the page may ask of a document the core holds (`documents.command`): no texts go that way. */
export type HeldDocumentCommand = Exclude<DocumentCommand, { type: 'chunk' | 'open' | 'openShared' | 'sharedText' }>;

/** A held text opened as a document in the core. */
export interface OpenedDocument {
  documentId: number;
  info: DocumentInfo;
}
