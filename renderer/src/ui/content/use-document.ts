import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getApi } from '../../bridge/api';
import { openDocument, type DocumentSource, type OpenOptions, type ViewInput } from '../../bridge/documents/document-source';

const payloadOf = (input: ViewInput): unknown => (input.kind === 'text' ? input.text : input.kind === 'value' ? input.value : input.held);

/**
 * Opens a document for the component and re-renders it whenever the document changes. A new
 * text, value or held text (compared by identity, so an input object made anew each render is
 * fine) opens a new document; the old one closes once nothing retains it.
 */
export function useDocument(input: ViewInput, options: OpenOptions = {}): DocumentSource {
  const api = getApi();
  const payload = payloadOf(input);
  const [current, setCurrent] = useState(() => ({ payload, source: openDocument(input, api, options) }));
  let source = current.source;
  if (current.payload !== payload) {
    source = openDocument(input, api, options);
    setCurrent({ payload, source });
  }
  useEffect(() => source.retain(), [source]);
  const subscribe = useCallback((listener: () => void) => source.subscribe(listener), [source]);
  useSyncExternalStore(subscribe, () => source.version);
  return source;
}
