/** Messages between the main thread and the document worker. */
import type { DocumentInfo, DocumentInput } from './document-core.js';
import type { TreeRow } from './json-tree-model.js';
import type { TextSegment } from './text-segments.js';

export type DocumentCommand =
  /** A piece of a large text, sent ahead of `open` (see `openChunked`). */
  | { type: 'chunk'; text: string }
  /** `chunked`: the text is the chunks sent before, joined. */
  | { type: 'open'; input: DocumentInput; chunked?: boolean }
  /** Opens a text the reply parser already sent to the worker (see prepared-texts.ts). */
  | { type: 'openShared'; key: number }
  | { type: 'rows'; start: number; end: number }
  | { type: 'segments'; start: number; end: number }
  | { type: 'toggle'; index: number }
  | { type: 'expandAll'; index: number }
  | { type: 'collapseAll' }
  | { type: 'parent'; index: number }
  | { type: 'pointer'; index: number }
  | { type: 'copy'; index?: number }
  | { type: 'raw' }
  | { type: 'close' };

/** What the worker receives: a request, or (once) the port the reply parser sends long texts through. */
export type DocumentWorkerMessage = DocumentRequest | { textPort: MessagePort };

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
