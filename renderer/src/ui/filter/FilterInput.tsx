import { useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { handleComboboxKey } from '../combobox/combobox-keys';
import { optionId, SuggestionListbox } from '../combobox/SuggestionListbox';
import type { FilterKey } from '../../../../shared/filter/filter-terms';
import { filterSuggestions, type FilterSuggestion, type SuggestionList } from './filter-suggestions';
import './filter-input.css';

interface Props {
  /** The accessible name, e.g. "Filter tools". */
  label: string;
  placeholder: string;
  /** Classes for the input (its size in the surrounding bar). */
  className?: string;
  text: string;
  onText: (text: string) => void;
  /** The keys this box understands, offered as the user types. */
  keys: readonly FilterKey[];
  /** Values seen so far for a key (tool names, methods…), offered after it. */
  valuesOf?: (key: string) => readonly string[] | undefined;
  /** The id of the element that lists the query's errors, when there are any. */
  errorsId?: string | undefined;
  /**
   * Escape (with no suggestions open) clears the box: right for a filter of what is shown; false for
   * a box whose text is something being written (a rule to add), where Escape only leaves the box.
   */
  escapeClears?: boolean;
}

const NO_VALUES = () => undefined;

/**
 * A filter box in the shared filter language, with DevTools-style key and value suggestions:
 * arrows choose, Enter or Tab takes one, Ctrl+Space asks, Escape closes them (then clears the box, or leaves it without `escapeClears`).
 */
export function FilterInput({ label, placeholder, className = 'input input--small', text, onText, keys, valuesOf = NO_VALUES, errorsId, escapeClears = true }: Props) {
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
    const handled = handleComboboxKey(event, {
      open,
      count: suggestions?.items.length ?? 0,
      active,
      setActive,
      take: (index) => accept(suggestions!.items[index]!),
      close: () => setSuggestions(null),
      takeOnTab: true,
    });
    if (handled) return;
    if (event.key === 'Escape' && !escapeClears) {
      event.currentTarget.blur();
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
        aria-activedescendant={open ? optionId(listId, active) : undefined}
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
        <SuggestionListbox
          id={listId}
          label={`${label}: suggestions`}
          className="suggestions-popup filter-input__suggestions"
          optionClassName="filter-input__suggestion"
          items={suggestions.items}
          active={active}
          keyOf={(item) => item.insert}
          render={(item) => (
            <>
              <code>{item.label}</code>
              {item.detail && <span className="muted"> {item.detail}</span>}
            </>
          )}
          onTake={(index) => accept(suggestions.items[index]!)}
        />
      )}
    </span>
  );
}
