import { useId, useState, type FormEvent } from 'react';
import type { MockMatching } from '../../../../shared/proxy';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

/** "Serve as mock" on a saved session: adds a server that runs `loupe mock` on it (proxy.mock.add). */
export function ServeAsMock({ session, title }: { session: TrafficSessionSummary; title: string }) {
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState('');
  const [matching, setMatching] = useState<MockMatching>('exact');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const name = `Mock of ${session.proxied?.name ?? title}`.slice(0, 200);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const added = await getApi().invoke('proxy.mock.add', { recording: session.id, name, matching, ...(server.trim() ? { server: server.trim() } : {}) });
      setStatus({ ok: true, text: `Added as the server “${added.name}”.` });
      setOpen(false);
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {status && (
        <span className={`serve-mock__status ${status.ok ? 'muted' : 'field-error'}`} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </span>
      )}
      {open ? (
        <form id={formId} className="serve-mock" aria-label={`Serve ${title} as a mock`} onSubmit={(event) => void add(event)}>
          <input
            className="input input--small"
            aria-label="Server to serve (name or id; needed when the session has several)"
            placeholder="Server (if several)"
            value={server}
            onChange={(event) => setServer(event.target.value)}
          />
          <select className="input input--small" aria-label="Match requests" value={matching} onChange={(event) => setMatching(event.target.value as MockMatching)}>
            <option value="exact">Exact params</option>
            <option value="method">Method only</option>
          </select>
          <button type="submit" className="button button--small button--primary" disabled={busy}>
            Add mock server
          </button>
          <button type="button" className="button button--small" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="button button--small" aria-label={`Serve ${title} as a mock`} onClick={() => setOpen(true)}>
          Serve as mock…
        </button>
      )}
    </>
  );
}
