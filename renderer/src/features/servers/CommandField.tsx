import { useState, type ClipboardEvent } from 'react';
import { APP_NODE_COMMAND } from '../../../../shared/server-config';
import { Field } from '../../ui/Field';
import { newRow, type ServerDraft } from './server-draft';
import { splitCommandLine } from './split-command-line';

interface Props {
  draft: ServerDraft;
  error: string | undefined;
  onChange: (patch: Partial<ServerDraft>) => void;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The stdio command input. Pasting a whole command line fills the command, the arguments and leading NAME=value variables. */
export function CommandField({ draft, error, onChange }: Props) {
  const [pasteNote, setPasteNote] = useState<string | null>(null);

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/\s/.test(text.trim())) return; // One word: an ordinary paste.
    const result = splitCommandLine(text);
    event.preventDefault();
    if (!result.ok) {
      setPasteNote(result.problem);
      return;
    }
    const { command, args, env, unexpanded } = result.split;
    onChange({ command, argsText: args.join('\n'), ...(env.length ? { env: [...draft.env, ...env.map((pair) => newRow(pair))] } : {}) });
    const parts = ['the command', plural(args.length, 'argument'), ...(env.length ? [plural(env.length, 'environment variable')] : [])];
    const shellNote = unexpanded.length ? ` ${unexpanded.join(', ')} stay as written: Loupe starts the command without a shell.` : '';
    setPasteNote(`Pasted command line split into ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}.${shellNote}`);
  };

  return (
    <>
      <Field
        label="Command"
        error={error}
        hint={
          <>
            An executable on the PATH or a full path; paste a whole command line to fill the arguments too. <code>{APP_NODE_COMMAND}</code> runs
            the Node.js that Loupe itself runs on.
          </>
        }
      >
        {(props) => (
          <input
            {...props}
            className="input input--mono"
            value={draft.command}
            spellCheck={false}
            autoComplete="off"
            placeholder="npx"
            onPaste={paste}
            onChange={(event) => onChange({ command: event.target.value })}
          />
        )}
      </Field>
      <p className="field__hint command-field__note" role="status">
        {pasteNote}
      </p>
    </>
  );
}
