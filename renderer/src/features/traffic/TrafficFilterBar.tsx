import { useEffect, useId, useRef, useState } from 'react';
import { FilterInput } from '../../ui/filter/FilterInput';
import { TRAFFIC_FILTER_KEYS, trafficFilterValues, type KnownValues } from './traffic-filter-keys';

interface Props {
  text: string;
  invert: boolean;
  /** Methods, names and servers seen so far, for the suggestions. */
  knownValues: () => KnownValues;
  /** The id of the element that lists the query's errors, when there are any. */
  errorsId: string | undefined;
  onText: (text: string) => void;
  onInvert: (invert: boolean) => void;
}

const EXAMPLES: Array<[string, string]> = [
  ['method:tools/call', 'method name (a fragment matches every method containing it)'],
  ['name:echo', 'what a message acts on: the tool called, the prompt, the resource URI (a fragment matches)'],
  ['server:everything', 'server name contains'],
  ['is:error', 'status: pending, ok, error (also tool errors and orphan responses), tool-error, cancelled, timeout, unanswered, input (a 2026-07-28 call that asked for input), probe (Loupe’s server/discover probe a 2025 server declined)'],
  ['dir:in', 'in = server → client, out = client → server'],
  ['kind:notification', 'request, response, error, notification, batch, stderr, malformed, note'],
  ['larger-than:10k', 'either message larger than (k = 1024 bytes, m = 1024 k); also smaller-than:'],
  ['id:7', 'JSON-RPC id'],
  ['/regex/i', 'regular expression over the whole message'],
  ['-term', 'a leading minus excludes what the term matches'],
];

/** One box for property filters and text or /regex/ search, plus Invert. */
export function TrafficFilterBar({ text, invert, knownValues, errorsId, onText, onInvert }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const barRef = useRef<HTMLDivElement>(null);

  // The syntax help closes on Escape and on a click anywhere else, as popovers do.
  useEffect(() => {
    if (!helpOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setHelpOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!barRef.current?.contains(event.target as Node)) setHelpOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [helpOpen]);

  return (
    <div className="traffic-filter" ref={barRef}>
      <FilterInput
        label="Filter traffic"
        className="input input--small input--mono traffic-filter__input"
        placeholder="Filter: method:tools/call is:error -dir:in larger-than:10k /regex/ or text"
        text={text}
        onText={onText}
        keys={TRAFFIC_FILTER_KEYS}
        valuesOf={(key) => trafficFilterValues(key, knownValues())}
        errorsId={errorsId}
      />
      <label className="traffic-check">
        <input type="checkbox" checked={invert} onChange={(event) => onInvert(event.target.checked)} />
        Invert
      </label>
      <button
        type="button"
        className="icon-button traffic-filter__help-button"
        aria-label="Filter syntax"
        aria-expanded={helpOpen}
        aria-controls={helpId}
        title="Filter syntax"
        onClick={() => setHelpOpen(!helpOpen)}
      >
        ?
      </button>
      {helpOpen && (
        <dl id={helpId} className="traffic-filter__help">
          {EXAMPLES.map(([term, meaning]) => (
            <div key={term}>
              <dt>
                <code>{term}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
          <div>
            <dt>words</dt>
            <dd>all must appear in the message or the server’s name (any case); “quote a phrase”; terms combine with AND</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
