import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useMenu } from '../../ui/use-menu';
import type { CompactTrafficLog } from './compact-traffic-log';
import { filterTerm, isReplayable } from './row-actions';

export type RowAction =
  | { type: 'copy'; what: 'request' | 'response' | 'both' }
  | { type: 'replay' }
  | { type: 'edit-and-replay' }
  | { type: 'filter'; text: string }
  | { type: 'save' };

interface Props {
  log: CompactTrafficLog;
  position: number;
  /** Where to open: the pointer, or the row for the keyboard. */
  x: number;
  y: number;
  live: boolean;
  serverName: string;
  onAction(action: RowAction): void;
  onClose(): void;
}

const MARGIN = 8;

/** The row's context menu (right-click, Shift+F10 or the Menu key): copy, replay, filter, save. */
export function RowContextMenu({ log, position, x, y, live, serverName, onAction, onClose }: Props) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });
  const onKeyDown = useMenu(true, menuRef, onClose);

  // Kept inside the window: a menu opened near an edge opens towards the middle.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPlace({
      left: Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN)),
    });
  }, [x, y]);

  const choose = useCallback(
    (action: RowAction) => {
      onClose();
      onAction(action);
    },
    [onAction, onClose],
  );

  const method = log.method(position);
  const hasResponse = log.partner(position) >= 0;
  const isRequest = log.kind(position) === 'request';
  const replayable = live && isReplayable(log, position);
  const seq = log.seq(position);

  return (
    <div
      ref={menuRef}
      role="menu"
      aria-label={`Actions for row ${seq}`}
      className="row-menu"
      style={{ left: place.left, top: place.top }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      <Item label={isRequest ? 'Copy request' : 'Copy message'} onClick={() => choose({ type: 'copy', what: 'request' })} />
      {hasResponse && <Item label="Copy response" onClick={() => choose({ type: 'copy', what: 'response' })} />}
      {hasResponse && <Item label="Copy request and response" onClick={() => choose({ type: 'copy', what: 'both' })} />}
      <Separator />
      <Item label="Replay" disabled={!replayable} onClick={() => choose({ type: 'replay' })} />
      <Item label="Edit and replay…" disabled={!replayable} onClick={() => choose({ type: 'edit-and-replay' })} />
      <Separator />
      {method !== undefined && <Item label={`Only ${method}`} onClick={() => choose({ type: 'filter', text: filterTerm('method', method) })} />}
      <Item label={`Only ${serverName}`} onClick={() => choose({ type: 'filter', text: filterTerm('server', serverName) })} />
      <Separator />
      <Item label="Save as JSON Lines" onClick={() => choose({ type: 'save' })} />
    </div>
  );
}

function Item({ label, disabled = false, onClick }: { label: string; disabled?: boolean; onClick(): void }) {
  return (
    <button type="button" role="menuitem" className="export-menu__item" disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

function Separator() {
  return <div role="separator" className="row-menu__separator" />;
}
