import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Approval } from '../../../../shared/approvals';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { plural } from '../../ui/format';
import { closeOnEscape, DrawerHeader } from '../../ui/DrawerHeader';
import { useNow } from '../../ui/use-now';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { FilterInput } from '../../ui/filter/FilterInput';
import { filterHistory, HISTORY_FILTER_KEYS, historyOf, historyValues, pendingByServer } from '../../state/approvals/approval-order';
import { deskItemByKey, deskQueue, isWaiting, requestItem, type DeskItem } from '../../state/approvals/desk-queue';
import { pendingToolCalls, useToolCallsStore } from '../../state/approvals/tool-calls-store';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { ApprovalDetail } from './ApprovalDetail';
import { ApprovalRow } from './ApprovalRow';
import { DeskItemDetail } from './DeskItemDetail';
import { DeskRow } from './DeskRow';
import { activeRules, useApprovalsStore, type ApprovalsView } from '../../state/approvals/approvals-store';
import { AutoReplySettings } from './AutoReplySettings';
import { APPROVALS_PANEL_ID, APPROVALS_TITLE_ID, focusApprovalsButton } from './focus';
import { DEFAULT_REJECT_MESSAGE } from './SamplingReplyForm';
import './approvals.css';

const ROW_HEIGHT = 46;
/** How long "Rejected 12 requests." stays in the header. */
const STATUS_MS = 6_000;
const VISIBLE_ROWS = 5;

/**
 * Everything that waits for a person (servers' sampling and elicitation requests, the chat's tool
 * calls, proxied messages an intercept rule paused), the history of decisions, and auto-reply.
 */
export function ApprovalsPanel() {
  const open = useApprovalsStore((state) => state.open);
  return open ? <ApprovalsDrawer /> : null;
}

const VIEWS: Array<{ view: ApprovalsView; label: string }> = [
  { view: 'queue', label: 'Queue' },
  { view: 'history', label: 'History' },
  { view: 'auto-reply', label: 'Templates & auto-reply' },
];

function ApprovalsDrawer() {
  const byId = useApprovalsStore((state) => state.byId);
  const unanswered = useApprovalsStore((state) => state.unanswered);
  const view = useApprovalsStore((state) => state.view);
  const rules = useApprovalsStore((state) => state.rules);
  const templates = useApprovalsStore((state) => state.templates);
  const toolCalls = useToolCallsStore((state) => state.byId);
  const paused = useProxyStore((state) => state.paused);
  const sessions = useProxyStore((state) => state.sessions);
  const sources = useMemo(() => ({ approvals: byId, toolCalls, paused, sessions }), [byId, toolCalls, paused, sessions]);
  const all = useMemo(() => Object.values(byId), [byId]);
  const queue = useMemo(() => deskQueue(sources), [sources]);
  const requestsWaiting = queue.filter((item) => item.kind !== 'paused').length;
  const ended = useMemo(
    () => historyOf(Object.keys(unanswered).flatMap((id) => (byId[id] ? [byId[id]] : []))).reverse(),
    [byId, unanswered],
  );
  const history = useMemo(() => historyOf(all), [all]);
  const active = activeRules(rules, templates);
  const now = useNow(queue.length > 0, 1000);
  const tabRefs = useRef(new Map<ApprovalsView, HTMLButtonElement>());

  const close = () => {
    useApprovalsStore.getState().setOpen(false);
    focusApprovalsButton();
  };

  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = VIEWS.findIndex((item) => item.view === view);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!.view;
    useApprovalsStore.getState().setView(next);
    tabRefs.current.get(next)?.focus();
  };

  const counts: Record<ApprovalsView, string> = {
    queue: queue.length > 0 ? ` (${queue.length})` : '',
    history: history.length > 0 ? ` (${history.length})` : '',
    'auto-reply': active.length > 0 ? ' · on' : '',
  };

  return (
    <section id={APPROVALS_PANEL_ID} className="approvals-drawer" aria-labelledby={APPROVALS_TITLE_ID} onKeyDown={closeOnEscape(close)}>
      <DrawerHeader
        title="Approvals"
        titleId={APPROVALS_TITLE_ID}
        count={queue.length > 0 ? `${queue.length} pending` : 'Nothing pending'}
        closeLabel="Close approvals"
        onClose={close}
        className="approvals-drawer__header"
      >
        <RejectAll count={requestsWaiting} />
      </DrawerHeader>

      {active.length > 0 && (
        <div className="auto-reply-banner" role="status">
          <strong>Auto-reply is on.</strong>{' '}
          {active.length === 1 ? `The rule “${active[0]!.name}” answers` : `${active.length} rules answer`} sampling requests without
          asking.{' '}
          <button type="button" className="link-button" onClick={() => useApprovalsStore.getState().setView('auto-reply')}>
            Manage
          </button>
        </div>
      )}

      <div className="workspace__tabs approvals-drawer__tabs" role="tablist" aria-label="Approvals views" onKeyDown={onTabKeyDown}>
        {VIEWS.map((item) => (
          <button
            key={item.view}
            ref={(element) => {
              if (element) tabRefs.current.set(item.view, element);
            }}
            type="button"
            role="tab"
            id={`approvals-tab-${item.view}`}
            aria-selected={view === item.view}
            aria-controls="approvals-tabpanel"
            tabIndex={view === item.view ? 0 : -1}
            className={`workspace__tab ${view === item.view ? 'workspace__tab--selected' : ''}`}
            onClick={() => useApprovalsStore.getState().setView(item.view)}
          >
            {item.label}
            {counts[item.view]}
          </button>
        ))}
      </div>

      <div id="approvals-tabpanel" role="tabpanel" aria-labelledby={`approvals-tab-${view}`} className="approvals-drawer__body">
        {view === 'queue' && <QueueView queue={queue} ended={ended} sources={sources} now={now} />}
        {view === 'history' && <HistoryView history={history} now={now} />}
        {view === 'auto-reply' && <AutoReplySettings />}
      </div>
    </section>
  );
}

function listHeight(count: number): number {
  return Math.min(Math.max(count, 1), VISIBLE_ROWS) * ROW_HEIGHT + 2;
}

function QueueView({ queue, ended, sources, now }: { queue: DeskItem[]; ended: Approval[]; sources: Parameters<typeof deskItemByKey>[1]; now: number }) {
  const selectedId = useApprovalsStore((state) => state.selectedId);
  const items = useMemo(() => [...queue, ...ended.map(requestItem)], [queue, ended]);
  const shown = (selectedId ? deskItemByKey(selectedId, sources) : undefined) ?? items[0];
  const next = queue.find((item) => item.key !== shown?.key);
  // What is shown stays shown once decided (with its outcome and Next), as a clicked row does.
  useEffect(() => {
    if (shown && shown.key !== selectedId) useApprovalsStore.getState().select(shown.key);
  }, [shown, selectedId]);
  const servers = pendingByServer(queue);

  return (
    <div className="approvals-split">
      {(servers.length > 0 || ended.length > 0) && (
        <p className="approvals-servers">
          {servers.map((server) => `${server.count} from ${server.serverName}`).join(' · ')}
          {ended.length > 0 && (
            <>
              {servers.length > 0 && ' · '}
              {plural(ended.length, 'request')} ended unanswered{' '}
              <button type="button" className="link-button" onClick={() => useApprovalsStore.getState().acknowledgeAll()}>
                Clear
              </button>
            </>
          )}
        </p>
      )}
      {items.length === 0 ? (
        <p className="empty-state">
          Nothing is waiting. A server&apos;s sampling or elicitation request, a chat&apos;s tool call and a proxied message an intercept rule paused
          appear here.
        </p>
      ) : (
        <div className="approvals-list" style={{ height: listHeight(items.length) }}>
          <VirtualListbox
            items={items}
            label="Waiting requests"
            getKey={(item) => item.key}
            selectedKey={shown?.key}
            onSelect={(item) => useApprovalsStore.getState().select(item.key)}
            renderItem={(item) => <DeskRow item={item} now={now} />}
            estimateSize={ROW_HEIGHT}
          />
        </div>
      )}
      {shown && (
        <div className="approvals-detail">
          <DeskItemDetail key={shown.key} item={shown} now={now} next={isWaiting(shown) ? undefined : next} />
        </div>
      )}
    </div>
  );
}

function HistoryView({ history, now }: { history: Approval[]; now: number }) {
  const [query, setQuery] = useState('');
  const selectedId = useApprovalsStore((state) => state.historySelectedId);
  const visible = useMemo(() => filterHistory(history, query), [history, query]);
  const shown = visible.find((approval) => approval.id === selectedId) ?? visible[0];

  return (
    <div className="approvals-split">
      <div className="approvals-history__filter">
        <FilterInput
          label="Filter history"
          placeholder="Filter: words, server:, kind:, status:, by:, /regex/"
          text={query}
          onText={setQuery}
          keys={HISTORY_FILTER_KEYS}
          valuesOf={(key) => historyValues(history, key)}
        />
        <span className="panel-header__count">{query.trim() ? `${visible.length} of ${history.length}` : plural(history.length, 'decision')}</span>
      </div>
      {visible.length === 0 ? (
        <p className="empty-state">{history.length === 0 ? 'No decisions yet.' : `No decision matches “${query}”.`}</p>
      ) : (
        <div className="approvals-list" style={{ height: listHeight(visible.length) }}>
          <VirtualListbox
            items={visible}
            label="Decisions"
            getKey={(approval) => approval.id}
            selectedKey={shown?.id}
            onSelect={(approval) => useApprovalsStore.getState().selectHistory(approval.id)}
            renderItem={(approval) => <ApprovalRow approval={approval} now={now} />}
            estimateSize={ROW_HEIGHT}
          />
        </div>
      )}
      {shown && (
        <div className="approvals-detail">
          <ApprovalDetail key={shown.id} approval={shown} now={now} />
        </div>
      )}
    </div>
  );
}

/**
 * Rejects every pending request at once (sampling gets the error message, elicitation a decline,
 * a chat's tool call is refused with it), after a confirmation. Paused proxied messages are left:
 * they are forwarded or dropped one by one.
 */
function RejectAll({ count }: { count: number }) {
  const api = getApi();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState(DEFAULT_REJECT_MESSAGE);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!status?.ok) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const rejectAll = async () => {
    setStatus(null);
    try {
      const rejected = await api.invoke('approvals.rejectAll', { message });
      const calls = pendingToolCalls(useToolCallsStore.getState().byId);
      // A call decided meanwhile (in the chat) is refused no more: only the others count.
      const answers = await Promise.allSettled(calls.map((call) => api.invoke('approvals.toolCalls.decide', { id: call.id, decision: { action: 'refuse', message } })));
      let refused = 0;
      for (const answer of answers) {
        if (answer.status !== 'fulfilled') continue;
        useToolCallsStore.getState().apply(answer.value);
        refused += 1;
      }
      setStatus({ ok: true, text: `Rejected ${plural(rejected + refused, 'request')}.` });
      setConfirming(false);
    } catch (failure) {
      setStatus({ ok: false, text: `Could not reject them: ${errorMessage(failure)}` });
    }
  };

  if (confirming) {
    return (
      <span className="reject-all" role="group" aria-label="Confirm rejecting all">
        <input
          className="input input--small"
          autoFocus
          aria-label="Error message for all"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setConfirming(false);
            }
          }}
        />
        <button type="button" className="button button--danger button--small" onClick={() => void rejectAll()}>
          Reject {count}
        </button>
        <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
          Keep
        </button>
      </span>
    );
  }
  return (
    <>
      {status && (
        <span className={status.ok ? 'panel-header__count' : 'field-error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </span>
      )}
      <button type="button" className="button button--small" disabled={count === 0} onClick={() => setConfirming(true)}>
        Reject all
      </button>
    </>
  );
}
