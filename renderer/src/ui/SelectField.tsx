import type { ReactNode } from 'react';
import { Field } from './Field';

export interface SelectOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  small?: boolean;
  disabled?: boolean | undefined;
  className?: string | undefined;
  hint?: ReactNode;
}

/** A labelled drop-down of plain options (their labels are text, never markup). */
export function SelectField({ label, value, options, onChange, small = false, disabled, className, hint }: Props) {
  return (
    <Field label={label} {...(className ? { className } : {})} {...(hint ? { hint } : {})}>
      {(props) => (
        <select {...props} className={small ? 'input input--small' : 'input'} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
