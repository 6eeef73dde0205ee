import { useEffect, type ReactNode } from 'react';
import './suggestions.css';

interface Props<T> {
  id: string;
  label: string;
  className: string;
  /** Classes added to each option's own (`suggestion-option`). */
  optionClassName?: string;
  items: readonly T[];
  active: number;
  keyOf: (item: T, index: number) => string;
  render: (item: T) => ReactNode;
  onTake: (index: number) => void;
}

/** The option ids `aria-activedescendant` points at. */
export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** A combobox's suggestion list: the active option scrolls into view; a click takes an option without moving the focus out of the box. */
export function SuggestionListbox<T>({ id, label, className, optionClassName = '', items, active, keyOf, render, onTake }: Props<T>) {
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(id, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);
  return (
    <ul id={id} role="listbox" aria-label={label} className={className}>
      {items.map((item, index) => (
        <li
          key={keyOf(item, index)}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={`suggestion-option ${optionClassName} ${index === active ? 'suggestion-option--active' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onTake(index)}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
