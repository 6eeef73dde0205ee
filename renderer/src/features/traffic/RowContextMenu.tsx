import { useCallback } from 'react';
import { PopupMenu } from '../../ui/PopupMenu';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';
import { filterTerm, isReplayable, isSaveableAsRequest } from './row-actions';

export type RowAction =
  | { type: 'copy'; what: 'request' | 'response' | 'both' }
  | { type: 'replay' }
  | { type: 'edit-and-replay' }
  | { type: 'filter'; text: string }
  | { type: 'save' }
  | { type: 'save-request' };

interface Props {
  log: CompactTrafficLog;
  position: number;
  /** Where to open: the pointer, or the row for the keyboard. */
  x: number;
  y: number;
  live: boolean;
  serverName: string;
  onAction: (action: RowAction) => void;
  onClose: () => void;
}

/** The row's context menu (right-click, Shift+F10 or the Menu key): copy, replay, filter, save, save as a collection's request. */
export function RowContextMenu({ log, position, x, y, live, serverName, onAction, onClose }: Props) {
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
  const saveable = live && isSaveableAsRequest(log, position);

  return (
    <PopupMenu x={x} y={y} label={`Actions for row ${seq}`} onClose={onClose}>
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
      {saveable && <Item label="Save as request…" onClick={() => choose({ type: 'save-request' })} />}
    </PopupMenu>
  );
}

function Item({ label, disabled = false, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" role="menuitem" className="export-menu__item" disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

function Separator() {
  return <div role="separator" className="popup-menu__separator" />;
}
