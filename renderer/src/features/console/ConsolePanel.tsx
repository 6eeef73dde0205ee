import { useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatClockTime, plural } from '../../ui/format';
import { findServer, useServersStore } from '../../state/servers';
import { liveTraffic, useLiveTrafficStore } from '../../state/traffic/live-traffic';
import { IDLE } from '../../state/traffic/traffic-view';
import { useSessionVersion, useTrafficView } from '../../state/traffic/use-traffic-view';
import { CopyButton } from '../../ui/CopyButton';
import { useRowWindow } from '../../ui/use-row-window';
import { stderrFilter } from './console-filter';
import { splitMatches } from './text-matches';
import { FilterInput } from '../../ui/filter/FilterInput';
import './console.css';

const LINE_HEIGHT = 20;
/** Lines are text only: the search has words, phrases and /regex/es, but no keys. */
const NO_KEYS = [] as const;
const PAGE_LINES = 20;

/** The selected server's stderr, from the traffic log: searchable, selectable, copyable. */
export function ConsolePanel() {
  const serverId = useServersStore((state) => state.selectedServerId);
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const recording = useLiveTrafficStore((state) => state.recording);
  const [search, setSearch] = useState('');
  const log = liveTraffic.log;
  const version = useSessionVersion(liveTraffic);

  const allFilter = useMemo(() => (serverId ? stderrFilter(log, serverId, '') : IDLE), [log, serverId]);
  const searchFilter = useMemo(() => (serverId && search !== '' ? stderrFilter(log, serverId, search) : IDLE), [log, serverId, search]);
  const allLines = useTrafficView(liveTraffic, allFilter);
  const matchingLines = useTrafficView(liveTraffic, searchFilter);
  const lines = search === '' ? allLines.rows : matchingLines.rows;

  // The selection is a range of positions (stable while lines arrive), anchored where it started.
  const [selection, setSelection] = useState<{ serverId: string | null; anchor: number; focus: number } | null>(null);
  const activeSelection = selection?.serverId === serverId ? selection : null;
  const indexOf = (position: number) => {
    const found = lines.search(position);
    return found >= 0 ? found : -found - 1;
  };
  const range = activeSelection
    ? ([indexOf(Math.min(activeSelection.anchor, activeSelection.focus)), indexOf(Math.max(activeSelection.anchor, activeSelection.focus))] as const)
    : null;
  const isSelected = (index: number) => range !== null && index >= range[0] && index <= range[1] && index < lines.length;

  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const rowWindow = useRowWindow(listRef, { rowCount: lines.length, rowHeight: LINE_HEIGHT, contentVersion: version });

  const textOf = (first: number, last: number) => {
    const texts: string[] = [];
    for (let index = first; index <= last && index < lines.length; index++) texts.push(log.text(lines.at(index)));
    return texts.join('\n');
  };

  const selectIndex = (index: number, extend: boolean) => {
    const position = lines.at(index);
    if (position < 0) return;
    setSelection(extend && activeSelection ? { ...activeSelection, focus: position } : { serverId, anchor: position, focus: position });
    rowWindow.scrollToRow(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a' && lines.length > 0) {
      event.preventDefault();
      setSelection({ serverId, anchor: lines.at(0), focus: lines.last() });
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'c' && range && !window.getSelection()?.toString()) {
      event.preventDefault();
      void navigator.clipboard.writeText(textOf(range[0], range[1]));
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || lines.length === 0) return;
    const focus = activeSelection ? indexOf(activeSelection.focus) : lines.length;
    const moves: Record<string, number> = {
      ArrowDown: focus + 1,
      ArrowUp: focus - 1,
      Home: 0,
      End: lines.length - 1,
      PageDown: focus + PAGE_LINES,
      PageUp: focus - PAGE_LINES,
    };
    const target = moves[event.key];
    if (target === undefined) {
      if (event.key === 'Escape' && activeSelection) setSelection(null);
      return;
    }
    event.preventDefault();
    selectIndex(Math.max(0, Math.min(lines.length - 1, target)), event.shiftKey);
  };

  const onLineClick = (event: MouseEvent, index: number) => {
    // A drag that selected text is a text selection, not a line selection.
    if (!event.shiftKey && window.getSelection()?.toString()) return;
    selectIndex(index, event.shiftKey);
  };

  const isHttp = server !== undefined && server.transport.type !== 'stdio';
  const selectedCount = range ? Math.min(range[1], lines.length - 1) - range[0] + 1 : 0;
  const focusIndex = activeSelection ? lines.search(activeSelection.focus) : -1;

  const rendered = [];
  for (let index = rowWindow.first; index < rowWindow.last; index++) {
    const position = lines.at(index);
    const previous = index > 0 ? lines.at(index - 1) : -1;
    const newConnection = previous >= 0 && log.connectionCode(previous) !== log.connectionCode(position);
    rendered.push(
      <div
        key={index - rowWindow.first}
        id={`${baseId}-${index}`}
        role="option"
        aria-selected={isSelected(index)}
        className={`console-line ${isSelected(index) ? 'console-line--selected' : ''} ${newConnection ? 'console-line--new-connection' : ''}`}
        title={newConnection ? 'First line of a new connection' : undefined}
        onMouseDown={(event) => {
          // Shift+click extends the line selection; keep the browser from extending a text selection too.
          if (event.shiftKey) event.preventDefault();
        }}
        onClick={(event) => onLineClick(event, index)}
      >
        <span className="console-line__time">{formatClockTime(log.time(position))}</span>
        <span className="console-line__text">
          {splitMatches(log.text(position), search).map((piece, pieceIndex) =>
            piece.match ? (
              <mark key={pieceIndex} className="console-line__match">
                {piece.text}
              </mark>
            ) : (
              piece.text
            ),
          )}
        </span>
      </div>,
    );
  }

  return (
    <section className="console panel" aria-label="Console">
      <header className="panel-header console__toolbar">
        <h2 className="panel-header__title">Console</h2>
        <span className="console__server">{server ? `${server.name} · stderr` : 'stderr'}</span>
        <span className="panel-header__count">
          {search === '' ? plural(allLines.rows.length, 'line') : `${lines.length.toLocaleString()} of ${plural(allLines.rows.length, 'line')}`}
        </span>
        <FilterInput
          label="Search console"
          className="input input--small console__search"
          placeholder="Search stderr: words, /regex/, -word"
          text={search}
          onText={setSearch}
          keys={NO_KEYS}
        />
        <span className="panel-header__spacer" />
        <CopyButton label="Copy selected lines" caption={selectedCount > 0 ? `Copy ${plural(selectedCount, 'line')}` : 'Copy selected'} text={range ? () => textOf(range[0], range[1]) : undefined} />
        <CopyButton label="Copy all lines" caption="Copy all" text={lines.length > 0 ? () => textOf(0, lines.length - 1) : undefined} />
      </header>
      {!recording && (
        <p className="console__note" role="status">
          Traffic recording is paused: new stderr lines are not captured.
        </p>
      )}
      <div className="console__body">
        <div
          ref={listRef}
          className="console__lines"
          role="listbox"
          aria-label="stderr lines"
          aria-multiselectable="true"
          aria-activedescendant={focusIndex >= 0 ? `${baseId}-${focusIndex}` : undefined}
          tabIndex={0}
          onScroll={rowWindow.onScroll}
          onKeyDown={onKeyDown}
        >
          <div className="console__space" style={{ height: rowWindow.totalHeight }}>
            {/* Lines are keyed by their slot in the window, so scrolling updates lines in place. */}
            <div role="presentation" className="console__window" style={{ transform: `translateY(${rowWindow.first * LINE_HEIGHT}px)` }}>
              {rendered}
            </div>
          </div>
          {lines.length === 0 && (
            <p className="console__empty">{emptyMessage(server?.name, isHttp, search, allLines.rows.length)}</p>
          )}
        </div>
        {!rowWindow.following && lines.length > 0 && (
          <button type="button" className="button button--small console__jump" onClick={rowWindow.jumpToNewest}>
            ↓ Jump to newest
          </button>
        )}
      </div>
    </section>
  );
}

function emptyMessage(serverName: string | undefined, isHttp: boolean, search: string, total: number): string {
  if (serverName === undefined) return 'Select a server to see what its process writes to stderr.';
  if (total > 0) return `No line matches “${search}”.`;
  if (isHttp) return `${serverName} is an HTTP server: Loupe does not run its process, so there is no stderr to show.`;
  return `${serverName} has written nothing to stderr yet.`;
}
