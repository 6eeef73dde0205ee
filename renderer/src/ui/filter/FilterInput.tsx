import { useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { filterSuggestions, type FilterKey, type FilterSuggestion, type SuggestionList } from './filter-suggestions';
import './filter-input.css';

interface Props {
  /** The accessible name, e.g. "Filter tools". */
  label: string;
  placeholder: string;
  /** Classes for the input (its size in the surrounding bar). */
  className?: string;
  text: string;
  onText(text: string): void;
  /** The keys this box understands, offered as the user types. */
  keys: readonly FilterKey[];
  /** Values seen so far for a key (tool names, methods…), offered after it. */
  valuesOf?(key: string): readonly string[] | undefined;
  /** The id of the element that lists the query's errors, when there are any. */
  errorsId?: string | undefined;
}

const NO_VALUES = () => undefined;

/**
 * A filter box in the shared filter language, with DevTools-style key and value suggestions:
 * arrows choose, Enter or Tab takes one, Ctrl+Space asks, Escape closes them (then clears the box).
 */
export function FilterInput({ label, placeholder, className = 'input input--small', text, onText, keys, valuesOf = NO_VALUES, errorsId }: Props) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<SuggestionList | null>(null);
  const [active, setActive] = useState(0);
  const open = suggestions !== null && suggestions.items.length > 0;

  const suggest = (value: string, caret: number) => {
    setSuggestions(filterSuggestions(value, caret, keys, valuesOf));
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

  return (
    <span className="filter-input">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        className={className}
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
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
        <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} className="filter-input__suggestions">
          {suggestions.items.map((item, index) => (
            <li
              key={item.insert}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="filter-input__suggestion"
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
    </span>
  );
}
