import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { filterSuggestions, type FilterSuggestion, type KnownValues, type SuggestionList } from './filter-suggestions';

interface Props {
  text: string;
  invert: boolean;
  /** Methods, names and servers seen so far, for the suggestions. */
  knownValues(): KnownValues;
  /** The id of the element that lists the query's errors, when there are any. */
  errorsId: string | undefined;
  onText(text: string): void;
  onInvert(invert: boolean): void;
}

const EXAMPLES: Array<[string, string]> = [
  ['method:tools/call', 'method name (a fragment matches every method containing it)'],
  ['name:echo', 'what a message acts on: the tool called, the prompt, the resource URI (a fragment matches)'],
  ['server:everything', 'server name contains'],
  ['is:error', 'status: pending, ok, error (also tool errors and orphan responses), tool-error, cancelled, timeout, unanswered, input (a 2026-07-28 call that asked for input)'],
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
  const listId = useId();
  const barRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<SuggestionList | null>(null);
  const [active, setActive] = useState(0);
  const open = suggestions !== null && suggestions.items.length > 0;

  const suggest = (value: string, caret: number) => {
    setSuggestions(filterSuggestions(value, caret, knownValues()));
    setActive(0);
  };
  const accept = (item: FilterSuggestion) => {
    if (!suggestions) return;
    const next = text.slice(0, suggestions.from) + item.insert + text.slice(suggestions.to);
    const caret = suggestions.from + item.insert.length;
    onText(next);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(caret, caret));
    // A key was completed: its values follow at once.
    if (item.insert.endsWith(':')) suggest(next, caret);
    else setSuggestions(null);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const count = suggestions.items.length;
      setActive((active + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      accept(suggestions.items[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setSuggestions(null);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      onText('');
    } else if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      suggest(text, event.currentTarget.selectionStart ?? text.length);
    }
  };

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
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        className="input input--small input--mono traffic-filter__input"
        aria-label="Filter traffic"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        placeholder="Filter: method:tools/call is:error -dir:in larger-than:10k /regex/ or text"
        spellCheck={false}
        autoComplete="off"
        value={text}
        aria-invalid={errorsId ? true : undefined}
        aria-describedby={errorsId}
        onChange={(event) => {
          onText(event.target.value);
          suggest(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setSuggestions(null)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label="Filter suggestions" className="traffic-filter__suggestions">
          {suggestions.items.map((item, index) => (
            <li
              key={item.insert}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="traffic-filter__suggestion"
              // Keeps the focus in the box, so the click lands as a choice.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => accept(item)}
            >
              <code>{item.label}</code>
              {item.detail && <span className="muted"> {item.detail}</span>}
            </li>
          ))}
        </ul>
      )}
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
