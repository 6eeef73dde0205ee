import { useId } from 'react';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { newRow, type DraftErrors, type KeyValueDraft } from './server-draft';

interface Props {
  legend: string;
  /** What one row is, e.g. "Variable" or "Header": used in every control's accessible name. */
  itemName: string;
  field: 'env' | 'headers';
  rows: KeyValueDraft[];
  errors: DraftErrors;
  keyPlaceholder: string;
  valuePlaceholder: string;
  onChange: (rows: KeyValueDraft[]) => void;
}

/** Name/value rows with a "secret" flag (secret values are masked here and redacted on export). */
export function KeyValueRows({ legend, itemName, field, rows, errors, keyPlaceholder, valuePlaceholder, onChange }: Props) {
  const baseId = useId();
  const update = (rowId: string, patch: Partial<KeyValueDraft>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
  const lower = itemName.toLowerCase();

  return (
    <fieldset className="kv">
      <legend className="kv__legend">{legend}</legend>
      {rows.length > 0 && (
        <ul className="kv__rows">
          {rows.map((row, index) => {
            const number = index + 1;
            const error = errors[`${field}.${row.rowId}`];
            const errorId = `${baseId}-${row.rowId}-error`;
            return (
              <li key={row.rowId} className="kv__row">
                <input
                  className="input input--mono kv__key"
                  aria-label={`${itemName} ${number} name`}
                  placeholder={keyPlaceholder}
                  value={row.key}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => update(row.rowId, { key: event.target.value })}
                />
                <input
                  className="input input--mono kv__value"
                  aria-label={`${itemName} ${number} value`}
                  placeholder={valuePlaceholder}
                  type={row.secret ? 'password' : 'text'}
                  value={row.value}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => update(row.rowId, { value: event.target.value })}
                />
                <label className="kv__secret" title="Secret values are masked and left out of exports">
                  <input
                    type="checkbox"
                    checked={row.secret}
                    aria-label={`${itemName} ${number} is secret`}
                    onChange={(event) => update(row.rowId, { secret: event.target.checked })}
                  />
                  <span aria-hidden="true">Secret</span>
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${lower} ${number}`}
                  title={`Remove ${lower}`}
                  onClick={() => onChange(rows.filter((other) => other.rowId !== row.rowId))}
                >
                  <CloseIcon />
                </button>
                {error && (
                  <p id={errorId} className="field-error kv__error">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="button button--subtle button--small" onClick={() => onChange([...rows, newRow()])}>
        <PlusIcon /> Add {lower}
      </button>
    </fieldset>
  );
}
