import type { RequestHandlers } from '../../../shared/contract.js';
import type { DocumentHost } from '../documents/document-host.js';

type DocumentHandlers = Pick<RequestHandlers, 'documents.open' | 'documents.command' | 'documents.text'>;

export function documentHandlers(documents: DocumentHost): DocumentHandlers {
  return {
    'documents.open': (params) => documents.open(params.key),
    'documents.command': (params) => documents.command(params.documentId, params.command),
    'documents.text': (params) => documents.text(params.key),
  };
}
