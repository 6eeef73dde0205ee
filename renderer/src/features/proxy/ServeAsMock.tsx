import { useId, useState, type FormEvent } from 'react';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

/** How the mock matches requests, as `loupe mock` offers it: `--match exact` with or without `--ignore`, or `--match method`. */
type MatchingChoice = 'exact' | 'ignore' | 'method';
/** The contract's bound on ignored paths (proxy.mock.add). */
const MAX_IGNORED_PATHS = 32;

/** The JSON Pointers typed in, split at spaces and commas, or a sentence naming the first bad one. */
export function ignoredPaths(text: string): { ok: true; paths: string[] } | { ok: false; problem: string } {
  const paths = text.split(/[\s,]+/).filter((part) => part !== '');
  if (paths.length === 0) return { ok: false, problem: 'Name at least one path to ignore, e.g. /arguments/timestamp.' };
  if (paths.length > MAX_IGNORED_PATHS) return { ok: false, problem: `At most ${MAX_IGNORED_PATHS} paths can be ignored.` };
  const bad = paths.find((part) => !part.startsWith('/') || part.length > 1000);
  if (bad !== undefined) return { ok: false, problem: `"${bad.slice(0, 80)}" is not a JSON Pointer into params: it starts with "/", e.g. /arguments/timestamp.` };
  return { ok: true, paths };
}

/** "Serve as mock" on a saved session: adds a server that runs `loupe mock` on it (proxy.mock.add). */
export function ServeAsMock({ session, title }: { session: TrafficSessionSummary; title: string }) {
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState('');
  const [matching, setMatching] = useState<MatchingChoice>('exact');
  const [ignoreText, setIgnoreText] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const name = `Mock of ${session.proxied?.name ?? title}`.slice(0, 200);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const ignore = matching === 'ignore' ? ignoredPaths(ignoreText) : null;
    if (ignore && !ignore.ok) {
      setStatus({ ok: false, text: ignore.problem });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const added = await getApi().invoke('proxy.mock.add', {
        recording: session.id,
        name,
        matching: matching === 'method' ? 'method' : 'exact',
        ...(ignore ? { ignore: ignore.paths } : {}),
        ...(server.trim() ? { server: server.trim() } : {}),
      });
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
          <select className="input input--small" aria-label="Match requests" value={matching} onChange={(event) => setMatching(event.target.value as MatchingChoice)}>
            <option value="exact">Exact params</option>
            <option value="ignore">Exact, ignoring chosen paths</option>
            <option value="method">Method only</option>
          </select>
          {matching === 'ignore' && (
            <input
              className="input input--small input--mono"
              aria-label="Paths to ignore (JSON Pointers into params, separated by spaces or commas)"
              placeholder="/arguments/timestamp"
              value={ignoreText}
              onChange={(event) => {
                setIgnoreText(event.target.value);
                setStatus(null);
              }}
            />
          )}
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
