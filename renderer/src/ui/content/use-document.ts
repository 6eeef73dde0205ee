import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { DocumentInput } from '../../../../shared/document/document-core';
import { openDocument, type DocumentSource, type OpenOptions } from './document-source';

const payloadOf = (input: DocumentInput): unknown => (input.kind === 'text' ? input.text : input.value);

/**
 * Opens a document for the component and re-renders it whenever the document changes. A new
 * text or value (compared by identity, so an input object made anew each render is fine) opens
 * a new document; the old one closes once nothing retains it.
 */
export function useDocument(input: DocumentInput, options: OpenOptions = {}): DocumentSource {
  const payload = payloadOf(input);
  const [current, setCurrent] = useState(() => ({ payload, source: openDocument(input, options) }));
  let source = current.source;
  if (current.payload !== payload) {
    source = openDocument(input, options);
    setCurrent({ payload, source });
  }
  useEffect(() => source.retain(), [source]);
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  useSyncExternalStore(subscribe, () => source.version);
  return source;
}
