import { useMemo } from 'react';
import type { PausedMessage } from '../../../../shared/proxy';
import { closeOnEscape, DrawerHeader } from '../../ui/DrawerHeader';
import { useNow } from '../../ui/use-now';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { pausedNow, useProxyStore } from '../../state/proxy/proxy-store';
import { INTERCEPT_BUTTON_ID, INTERCEPT_PANEL_ID, INTERCEPT_TITLE_ID, useInterceptUiStore } from './intercept-ui-store';
import { InterceptRules } from './InterceptRules';
import { PausedMessageDetail, pausedStatusWords } from './PausedMessageDetail';
import './proxy.css';

const ROW_HEIGHT = 44;
const VISIBLE_ROWS = 5;

/** The intercept desk: the rules, and the proxied messages they paused, each to forward, edit, answer or drop. */
export function InterceptDesk() {
  const open = useInterceptUiStore((state) => state.open);
  return open ? <InterceptDrawer /> : null;
}

function InterceptDrawer() {
  const paused = useProxyStore((state) => state.paused);
  const sessions = useProxyStore((state) => state.sessions);
  const selectedId = useInterceptUiStore((state) => state.selectedId);
  const waiting = useMemo(() => pausedNow(paused), [paused]);
  const decided = useMemo(
    () =>
      Object.values(paused)
        .filter((message) => message.status !== 'paused')
        .reverse(),
    [paused],
  );
  const items = useMemo(() => [...waiting, ...decided], [waiting, decided]);
  const shown = (selectedId ? paused[selectedId] : undefined) ?? items[0];
  const now = useNow(waiting.length > 0, 1000);
  const sessionName = (message: PausedMessage) => sessions[message.sessionId]?.name ?? message.serverId;

  const close = () => {
    useInterceptUiStore.getState().setOpen(false);
    document.getElementById(INTERCEPT_BUTTON_ID)?.focus();
  };
  return (
    <section id={INTERCEPT_PANEL_ID} className="intercept-drawer" aria-labelledby={INTERCEPT_TITLE_ID} onKeyDown={closeOnEscape(close)}>
      <DrawerHeader title="Intercept" titleId={INTERCEPT_TITLE_ID} count={waiting.length > 0 ? `${waiting.length} paused` : 'Nothing paused'} closeLabel="Close intercept" onClose={close} />
      <div className="intercept-drawer__body">
        <InterceptRules />
        <section className="intercept-paused" aria-labelledby="intercept-paused-title">
          <h3 id="intercept-paused-title" className="intercept-section-title">
            Paused messages
          </h3>
          {items.length === 0 ? (
            <p className="empty-state">
              Nothing is paused. A message of a proxied session (<code>loupe proxy</code>) that matches a rule that is on waits here for you.
            </p>
          ) : (
            <div className="intercept-paused__list" style={{ height: Math.min(Math.max(items.length, 1), VISIBLE_ROWS) * ROW_HEIGHT + 2 }}>
              <VirtualListbox
                items={items}
                label="Paused messages"
                getKey={(message) => message.id}
                selectedKey={shown?.id}
                onSelect={(message) => useInterceptUiStore.getState().select(message.id)}
                renderItem={(message) => <PausedRow message={message} sessionName={sessionName(message)} />}
                estimateSize={ROW_HEIGHT}
              />
            </div>
          )}
          {shown && <PausedMessageDetail key={shown.id} message={shown} sessionName={sessionName(shown)} now={now} />}
        </section>
      </div>
    </section>
  );
}

function PausedRow({ message, sessionName }: { message: PausedMessage; sessionName: string }) {
  return (
    <span className="paused-row">
      <span className="paused-row__line">
        <span className="paused-row__arrow" aria-hidden="true">
          {message.direction === 'out' ? '→' : '←'}
        </span>
        <strong className="paused-row__method">{message.method ?? 'message'}</strong>
        <span className="visually-hidden">{message.direction === 'out' ? ', from the client' : ', from the server'}</span>
      </span>
      <span className="paused-row__meta">
        {sessionName} · {pausedStatusWords(message.status)}
      </span>
    </span>
  );
}
