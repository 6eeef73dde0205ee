import type { ReactNode } from 'react';
import type { FilterKey } from '../../../../shared/filter/filter-terms';
import type { ConnectionList } from '../../../../shared/lists';
import { ChangedNotice } from '../ChangedNotice';
import { FilterInput } from '../filter/FilterInput';
import { RefreshIcon } from '../icons';
import { cacheInfoOf } from '../list-cache';
import { ListCacheNote } from '../ListCacheNote';
import { ViolationsNote } from '../OutcomeParts';
import './list-panel.css';

/**
 * The one list panel of the Tools, Resources and Prompts tabs: a header (title, count, what
 * changed, the filter, Refresh), the notice that stands for the list while there is none, and a
 * body with the list pane (cache note, schema violations, the items or why there are none) beside
 * the selected item's detail.
 */

export interface ListPanelFilter {
  label: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  keys: readonly FilterKey[];
  valuesOf?: (key: string) => readonly string[] | undefined;
}

interface HeaderProps {
  title: string;
  /** "3 tools", "2 of 10 prompts", or '' while there is no list. */
  count: string;
  /** Said beside the count, e.g. the tools' lint findings. */
  extra?: ReactNode;
  loading: boolean;
  /** When the list last changed on its own (list_changed), for the notice; its key restarts it. */
  changed?: { at: number | undefined; what: string; key?: string | undefined };
  filter?: ListPanelFilter | undefined;
  refresh: { label: string; disabled: boolean; onRefresh: () => void };
}

export function ListPanelHeader({ title, count, extra, loading, changed, filter, refresh }: HeaderProps) {
  return (
    <header className="panel-header">
      <h2 className="panel-header__title">{title}</h2>
      <span className="panel-header__count" aria-live="polite">
        {count}
      </span>
      {extra}
      {loading && <span className="muted">Loading…</span>}
      {changed && <ChangedNotice key={changed.key} changedAt={changed.at} what={changed.what} />}
      <span className="panel-header__spacer" />
      {filter && (
        <FilterInput
          label={filter.label}
          className="input input--small list-panel__filter"
          placeholder={filter.placeholder}
          text={filter.text}
          onText={filter.onText}
          keys={filter.keys}
          {...(filter.valuesOf ? { valuesOf: filter.valuesOf } : {})}
        />
      )}
      <button type="button" className="icon-button" aria-label={refresh.label} title={refresh.label} disabled={refresh.disabled} onClick={refresh.onRefresh}>
        <RefreshIcon />
      </button>
    </header>
  );
}

/** Where a list panel stands when it has no list to show. */
export interface ListSituation {
  /** The plural noun: "tools", "prompts", "resources". */
  what: string;
  serverName: string | undefined;
  /** The server's connection: connected, still connecting, or anything else. */
  connection: 'connected' | 'connecting' | 'none';
  /** The server announced the capability (false: it did not; the core marks such a list unsupported). */
  offered: boolean;
  list: ConnectionList<unknown> | undefined;
  /** The list has something to show (loaded, or its old items while it reloads). */
  hasList: boolean;
  /** Why the last connection failed or ended (see connectionProblemText), shown instead of a bare "Connect". */
  problem?: string | undefined;
}

/** The sentence that stands for the list, or null when there is a list to show. */
export function ListPanelNotice({ situation }: { situation: ListSituation }) {
  const { what, serverName, connection, offered, list, hasList, problem } = situation;
  if (serverName === undefined) return <p className="empty-state">Select a server to see its {what}.</p>;
  const absent = (
    <p className="empty-state capability-absent" role="note">
      This server does not offer {what}: it did not announce the {what} capability.
    </p>
  );
  if (list?.status === 'unsupported') {
    return list.error ? (
      <p className="empty-state capability-absent" role="note">
        {list.error}
      </p>
    ) : (
      absent
    );
  }
  // What a server offers is known once it is connected; a list kept from before still shows.
  if (connection !== 'connected' && !hasList && list?.status !== 'loading') {
    if (connection === 'none' && problem) {
      return (
        <p className="empty-state empty-state--error" role="alert">
          {serverName} could not connect: {problem} Connect it again to list its {what}.
        </p>
      );
    }
    return <p className="empty-state">{connection === 'connecting' ? `Connecting to ${serverName}…` : `Connect ${serverName} to list its ${what}.`}</p>;
  }
  if (!offered) return absent;
  if (list?.status === 'failed') {
    return (
      <p className="empty-state empty-state--error" role="alert">
        Could not list the {what}: {list.error}
      </p>
    );
  }
  return hasList ? null : <p className="empty-state">Loading {what}…</p>;
}

interface PaneProps {
  what: string;
  list: ConnectionList<unknown>;
  /** The list's result as the schema subject, e.g. "The prompts list". */
  violationsSubject: string;
  /** Asks the server again, past its cache hint; undefined while it cannot be asked. */
  onForceRefresh: (() => void) | undefined;
  /** Why no item is shown (an empty list, nothing matches the filter), or null when some are. */
  empty: string | null;
  /** Above the items: e.g. the Resources tab's two lists. */
  top?: ReactNode;
  children: ReactNode;
}

/** The list pane: the cache note, the schema violations, then the items or why there are none. */
export function ListPane({ what, list, violationsSubject, onForceRefresh, empty, top, children }: PaneProps) {
  const cache = cacheInfoOf(list);
  return (
    <div className="list-panel__list-pane">
      {top}
      <div className="list-panel__list">
        {cache && (
          <ListCacheNote cache={cache} what={what} disabled={list.status === 'loading' || !onForceRefresh} onForceRefresh={() => onForceRefresh?.()} />
        )}
        <ViolationsNote violations={list.violations} subject={violationsSubject} />
        {empty !== null ? <p className="empty-state">{empty}</p> : children}
      </div>
    </div>
  );
}

/** The list beside the selected item's detail (`hidden` keeps it mounted but not shown). */
export function ListPanelBody({ list, detail, hidden = false }: { list: ReactNode; detail: ReactNode; hidden?: boolean }) {
  return (
    <div className="list-panel__body" hidden={hidden}>
      {list}
      <div className="list-panel__detail-pane">{detail}</div>
    </div>
  );
}
