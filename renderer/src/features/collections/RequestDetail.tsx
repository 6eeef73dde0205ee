import { useEffect, useId, useState } from 'react';
import type { RequestFileView, SavedRequest } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { PlayIcon } from '../../ui/icons';
import { JsonText } from '../../ui/JsonText';
import { plural } from '../../ui/format';
import { ChecksEditor } from './ChecksEditor';
import { RequestRunView } from './RequestRunView';
import { CompareToggle } from './CompareToggle';
import { ResultDiff } from './ResultDiff';
import { useRunsStore } from './runs-store';

interface Props {
  collectionId: string;
  path: string;
  /** Its name in the tree: the request's `name`, else the file's. */
  name: string;
  /** Changes when the collection changes (an edit on disk): the file is read again. */
  revision: number;
}

/** What a request sends, in MCP's words: the method, its target and its arguments. */
function describe(request: SavedRequest): { method: string; target: string; args: unknown } {
  if ('tool' in request) return { method: 'tools/call', target: request.tool, args: request.arguments ?? {} };
  if ('resource' in request) return { method: 'resources/read', target: request.resource, args: undefined };
  return { method: 'prompts/get', target: request.prompt, args: request.arguments ?? {} };
}

/** The selected request: what it sends, its checks, a Run button and its last run. */
export function RequestDetail({ collectionId, path, name, revision }: Props) {
  const [file, setFile] = useState<RequestFileView | undefined>();
  const [readError, setReadError] = useState<string | null>(null);
  const lastRun = useRunsStore((state) => state.lastRuns[path]);
  const running = useRunsStore((state) => state.running);
  const run = useRunsStore((state) => state.run);
  const loadLastRun = useRunsStore((state) => state.loadLastRun);

  useEffect(() => {
    let current = true;
    getApi()
      .invoke('collections.readRequest', { collectionId, path })
      .then((view) => {
        if (!current) return;
        setFile(view);
        setReadError(null);
      })
      .catch((error: unknown) => current && setReadError(errorMessage(error)));
    return () => {
      current = false;
    };
  }, [collectionId, path, revision]);

  useEffect(() => {
    void loadLastRun(path);
  }, [path, loadLastRun]);

  const request = file?.path === path ? file.request : undefined;
  const shown = request ? describe(request) : undefined;
  const snapshotCheck = request?.checks?.find((check) => 'snapshot' in check);
  const snapshotIgnore = snapshotCheck && 'snapshot' in snapshotCheck ? (snapshotCheck.snapshot.ignore ?? []) : [];
  const [compare, setCompare] = useState<'previous' | 'snapshot' | null>(null);
  const diffId = useId();
  // Said about one run: a later run makes it stale.
  const [snapshotNote, setSnapshotNote] = useState<{ runAt: number; text: string } | null>(null);
  const acceptSnapshot = async (runAt: number) => {
    try {
      await getApi().invoke('collections.acceptSnapshot', { collectionId, path });
      setSnapshotNote({ runAt, text: 'The last result is now the snapshot: later runs are compared with it.' });
    } catch (error) {
      setSnapshotNote({ runAt, text: errorMessage(error) });
    }
  };
  const thisRunning = running !== undefined && (running.path === undefined || running.path === path);

  return (
    <section className="request-detail detail-card" aria-label={`Request ${path}`}>
      <header className="detail-card__header">
        <h2 className="detail-card__name">{name}</h2>
        <code className="detail-card__secondary">{path}</code>
      </header>
      {readError && (
        <p className="form-error" role="alert">
          {readError}
        </p>
      )}
      {file?.path === path && file.problem && (
        <>
          <p className="form-error" role="alert">
            {file.problem.message}
          </p>
          <JsonText text={file.text} label="File text" />
        </>
      )}
      {request && shown && (
        <>
          <dl className="request-detail__facts">
            <dt>Method</dt>
            <dd>
              <code>{shown.method}</code>
            </dd>
            <dt>{shown.method === 'resources/read' ? 'Resource' : shown.method === 'tools/call' ? 'Tool' : 'Prompt'}</dt>
            <dd>
              <code>{shown.target}</code>
            </dd>
            {request.server !== undefined && (
              <>
                <dt>Server</dt>
                <dd>{request.server}</dd>
              </>
            )}
            <dt>Checks</dt>
            <dd>{request.checks?.length ? plural(request.checks.length, 'check') : 'none (it passes when it succeeds)'}</dd>
          </dl>
          {shown.args !== undefined && <JsonText value={shown.args} label="Arguments" className="request-detail__args" />}
          <ChecksEditor collectionId={collectionId} path={path} request={request} onSaved={setFile} />
        </>
      )}
      <div className="request-detail__actions">
        <button type="button" className="button button--primary" disabled={running !== undefined || !request} onClick={() => void run(path)}>
          <PlayIcon /> Run request
        </button>
        {thisRunning && <span className="field__hint">Running…</span>}
      </div>
      {lastRun ? <RequestRunView run={lastRun} /> : <p className="field__hint">Not run yet.</p>}
      {lastRun?.resultKept && (
        <div className="request-detail__actions">
          <CompareToggle shown={compare === 'previous'} what="the run before" controls={diffId} onToggle={() => setCompare(compare === 'previous' ? null : 'previous')} />
          {snapshotCheck && (
            <>
              <CompareToggle shown={compare === 'snapshot'} what="the snapshot" controls={diffId} onToggle={() => setCompare(compare === 'snapshot' ? null : 'snapshot')} />
              <button type="button" className="button button--small" onClick={() => void acceptSnapshot(lastRun.startedAt)}>
                Accept as snapshot
              </button>
            </>
          )}
          {snapshotNote?.runAt === lastRun.startedAt && (
            <span className="field__hint" role="status">
              {snapshotNote.text}
            </span>
          )}
        </div>
      )}
      {/* What the Compare buttons control: no box of its own, so the diff keeps the card's spacing. */}
      <div id={diffId} className="request-detail__diff">
        {lastRun?.resultKept && compare === 'previous' && (
          <ResultDiff
            key={`previous:${lastRun.startedAt}`}
            label="the run before → the last run"
            before={{ kind: 'run', collectionId, path, which: 'previous' }}
            after={{ kind: 'run', collectionId, path, which: 'last' }}
          />
        )}
        {lastRun?.resultKept && compare === 'snapshot' && (
          <ResultDiff
            key={`snapshot:${lastRun.startedAt}`}
            label="the snapshot → the last run"
            before={{ kind: 'snapshot', collectionId, path }}
            after={{ kind: 'run', collectionId, path, which: 'last' }}
            ignore={snapshotIgnore}
          />
        )}
      </div>
    </section>
  );
}
