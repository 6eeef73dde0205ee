/** Messages between the core and its document thread. */
import type { DocumentReply, DocumentRequest } from '../../../shared/document/document-protocol.js';
import type { KeyedText } from '../../../shared/document/prepared-texts.js';

/** A request for a document, or a text to keep (and prepare) ahead of any request. */
export type ToDocumentThread = DocumentRequest | { hold: KeyedText };

export type FromDocumentThread = DocumentReply;
