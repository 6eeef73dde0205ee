import { useId, useState, type KeyboardEvent } from 'react';
import { handleComboboxKey } from '../combobox/combobox-keys';
import { optionId, SuggestionListbox } from '../combobox/SuggestionListbox';
import type { Completion } from './use-completion';
import './completion-input.css';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Null when the server offers no completions: then this is a plain text field. */
  completion: Completion | null;
  /** The other fields' values, sent as `context.arguments`. */
  context: () => Record<string, string>;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  placeholder?: string;
}

/**
 * A text field that suggests the server's completions as you type: an ARIA 1.2 combobox with a
 * listbox popup (keys: ui/combobox/combobox-keys.ts; Down also opens the list).
 */
export function CompletionInput({ id, value, onChange, completion, context, required, invalid, describedBy, placeholder }: Props) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = completion?.state ?? { status: 'idle' as const };
  const values = state.status === 'done' || state.status === 'loading' ? state.values : [];
  const showPopup = open && completion !== null && state.status !== 'idle';
  const activeIndex = active < values.length ? active : -1;

  const pick = (picked: string) => {
    onChange(picked);
    setOpen(false);
    setActive(-1);
    completion?.stop();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!completion) return;
    handleComboboxKey(event, {
      open: showPopup,
      count: values.length,
      active: activeIndex,
      setActive,
      take: (index) => pick(values[index]!),
      close: () => {
        setOpen(false);
        setActive(-1);
      },
      openList: () => {
        setOpen(true);
        completion.requestNow(value, context());
      },
    });
  };

  return (
    <div className="completion-input">
      <input
        id={id}
        type="text"
        className="input input--mono"
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        required={required}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...(completion
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': showPopup,
              'aria-controls': listboxId,
              'aria-activedescendant': showPopup && activeIndex >= 0 ? optionId(listboxId, activeIndex) : undefined,
            }
          : {})}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
          completion?.schedule(event.target.value, context());
        }}
        onFocus={() => {
          if (!completion) return;
          setOpen(true);
          completion.requestNow(value, context());
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {completion && (
        <div className="suggestions-popup completion-input__popup" hidden={!showPopup}>
          <SuggestionListbox
            id={listboxId}
            label="Suggestions"
            className="completion-input__list"
            optionClassName="completion-input__option"
            items={values}
            active={activeIndex}
            keyOf={(suggestion, index) => `${index}:${suggestion}`}
            render={(suggestion) => (suggestion === '' ? <span className="muted">(empty)</span> : suggestion)}
            onTake={(index) => pick(values[index]!)}
          />
          <CompletionStatus completion={completion} count={values.length} />
        </div>
      )}
    </div>
  );
}

function CompletionStatus({ completion, count }: { completion: Completion; count: number }) {
  const state = completion.state;
  let text: string | null = null;
  if (state.status === 'loading') text = count > 0 ? 'Updating suggestions…' : 'Loading suggestions…';
  else if (state.status === 'failed') text = `No suggestions: ${state.message}`;
  else if (state.status === 'done' && count === 0) text = 'No suggestions';
  else if (state.status === 'done' && (state.hasMore || (state.total !== undefined && state.total > count))) {
    text = state.total !== undefined ? `Showing ${count} of ${state.total.toLocaleString()}: keep typing to narrow` : 'More exist: keep typing to narrow';
  }
  if (text === null) return null;
  return (
    <p className={`completion-input__status ${state.status === 'failed' ? 'completion-input__status--error' : ''}`} role="status">
      {text}
    </p>
  );
}
