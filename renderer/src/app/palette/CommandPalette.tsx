import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useNoticesStore } from '../../state/notices';
import { openModal } from '../../ui/open-modal';
import { matchCommands, paletteCommands, type PaletteCommand } from './palette-commands';
import { usePaletteStore } from './palette-store';
import './command-palette.css';

/** Options shown at once; typing narrows a longer list (hundreds of servers). */
const SHOWN = 100;

/** The command palette (Ctrl+Shift+P or Ctrl+K): every action by name, run with Enter. */
export function CommandPalette() {
  const open = usePaletteStore((state) => state.open);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && ((event.shiftKey && event.key.toLowerCase() === 'p') || (!event.shiftKey && event.key.toLowerCase() === 'k'))) {
        event.preventDefault();
        usePaletteStore.getState().setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? <PaletteDialog /> : null;
}

function PaletteDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const titleId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const commands = useMemo(() => paletteCommands(getApi()), []);
  const found = useMemo(() => matchCommands(commands, query), [commands, query]);
  const shown = found.slice(0, SHOWN);
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  const run = (command: PaletteCommand | undefined) => {
    if (!command) return;
    dialogRef.current?.close();
    const failed = (error: unknown) => useNoticesStore.getState().addLocal('error', `${command.title} failed: ${errorMessage(error)}`);
    try {
      void command.run()?.catch(failed);
    } catch (error) {
      failed(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: activeIndex + 1, ArrowUp: activeIndex - 1, PageDown: activeIndex + 10, PageUp: activeIndex - 10 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(shown.length - 1, moves[event.key]!)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(shown[activeIndex]);
    }
  };

  useEffect(() => {
    document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  return (
    <dialog ref={dialogRef} className="dialog command-palette" aria-labelledby={titleId} onClose={() => usePaletteStore.getState().setOpen(false)}>
      <h2 id={titleId} className="visually-hidden">
        Command palette
      </h2>
      <input
        className="input command-palette__input"
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? `${listId}-${activeIndex}` : undefined}
        placeholder="Type a command or a server’s name"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoComplete="off"
      />
      <ul id={listId} className="command-palette__list" role="listbox" aria-label="Commands">
        {shown.map((command, index) => (
          <li
            key={command.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={`command-palette__option ${index === activeIndex ? 'command-palette__option--active' : ''}`}
            onMouseMove={() => setActive(index)}
            onClick={() => run(command)}
          >
            {command.title}
          </li>
        ))}
      </ul>
      <p className="command-palette__status" role="status">
        {found.length === 0 ? 'No command matches.' : found.length > SHOWN ? `${SHOWN} of ${found.length} shown: type more to narrow.` : `${found.length} ${found.length === 1 ? 'command' : 'commands'}`}
      </p>
    </dialog>
  );
}
