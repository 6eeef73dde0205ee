/** Messages between the core and its document thread. */
import type { DocumentReply, DocumentRequest } from '../../../shared/document/document-protocol.js';
import type { KeyedText } from '../../../shared/document/prepared-texts.js';
import type { Latin1Text } from './latin1-handoff.js';

/** A request for a document, or a text to keep (and prepare) ahead of any request, given whole or in shared memory. */
export type ToDocumentThread = DocumentRequest | { hold: KeyedText } | { holdLatin1: Latin1Text & { key: number } };

/** A reply, or word that a text handed over in shared memory was copied out of it. */
export type FromDocumentThread = DocumentReply | { released: true };
