import type { KeyboardEvent } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';
import { SchemaForm } from '../../ui/schema-form/SchemaForm';
import type { ArgumentsCheck } from '../../ui/schema-form/use-schema-check';
import type { ArgumentsDraft, ArgumentsMode } from './tools-store';

interface Props {
  schema: JsonObject;
  draft: ArgumentsDraft;
  mode: ArgumentsMode;
  onMode: (mode: ArgumentsMode) => void;
  onValue: (value: unknown) => void;
  onText: (text: string) => void;
  onReset: () => void;
  /** Errors by JSON Pointer, shown in the form (the editor underlines its own). */
  errors: Readonly<Record<string, readonly string[]>>;
  onSubmit: () => void;
  /** The Run button's remembered check: the JSON editor's diagnostics share its verdicts. */
  check: ArgumentsCheck;
}

/** The arguments, as a form generated from the input schema or as JSON; both edit the same draft. */
export function ToolArguments({ schema, draft, mode, onMode, onValue, onText, onReset, errors, onSubmit, check }: Props) {
  const onFormKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <div className="tool-arguments">
      <div className="tool-arguments__bar">
        <h4 className="tool-arguments__title">Arguments</h4>
        <span className="view-switch" role="group" aria-label="Edit arguments as">
          <button type="button" className="view-switch__option" aria-pressed={mode === 'form'} onClick={() => onMode('form')}>
            Form
          </button>
          <button type="button" className="view-switch__option" aria-pressed={mode === 'json'} onClick={() => onMode('json')}>
            JSON
          </button>
        </span>
        <span className="tool-arguments__spacer" />
        <button type="button" className="link-button tool-arguments__reset" onClick={onReset}>
          Reset to defaults
        </button>
      </div>
      {mode === 'form' ? (
        <div className="tool-arguments__form" onKeyDown={onFormKeyDown}>
          {draft.parseError && (
            <p className="schema-form__notice" role="note">
              The JSON has an error, so the form shows the last arguments that parsed. Editing the form replaces the JSON; switch
              back to JSON to fix it instead.
            </p>
          )}
          <SchemaForm schema={schema} value={draft.value} onChange={onValue} errors={errors} label="Arguments form" />
        </div>
      ) : (
        <JsonEditor value={draft.text} onChange={onText} schema={schema} label="Arguments" onSubmit={onSubmit} check={check} />
      )}
    </div>
  );
}
