import { CREDENTIAL_NAME, type ImportVariable } from '../../../../shared/config-import';
import { Field } from '../../ui/Field';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  variables: { variable: ImportVariable; usedBy: string[] }[];
  values: Record<string, string>;
  onChange: (id: string, value: string) => void;
}

function label(variable: ImportVariable): string {
  const name = revealInvisible(variable.name);
  return variable.kind === 'env' ? `Environment variable ${name}` : `Input “${name}”`;
}

function hint(variable: ImportVariable, usedBy: string[]): string {
  const source =
    variable.kind === 'env' && variable.inEnvironment
      ? 'Leave empty to use the value in Loupe’s environment.'
      : variable.default !== undefined
        ? `Leave empty for the default, ${variable.default}.`
        : 'Without a value it stays in the config as written, and the import says so.';
  return revealInvisible(`${variable.description ? `${variable.description}. ` : ''}Used by ${usedBy.join(', ')}. ${source}`);
}

/** A field for each `${input:…}` / `${env:…}` the picked servers use. */
export function ImportVariableFields({ variables, values, onChange }: Props) {
  if (variables.length === 0) return null;
  return (
    <fieldset className="kv import-variables">
      <legend className="kv__legend">Variables</legend>
      {variables.map(({ variable, usedBy }) => (
        <Field key={variable.id} label={label(variable)} hint={hint(variable, usedBy)}>
          {(props) => (
            <input
              {...props}
              className="input input--mono"
              type={variable.password || CREDENTIAL_NAME.test(variable.name) ? 'password' : 'text'}
              autoComplete="off"
              spellCheck={false}
              value={values[variable.id] ?? ''}
              onChange={(event) => onChange(variable.id, event.target.value)}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
