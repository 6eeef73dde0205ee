import { useEffect, useId, useRef, useState } from 'react';
import { LOAD_LIMITS, type LatencySummary, type LoadProgress, type LoadResult, type LoadStopReason } from '../../../../shared/load-run';
import type { ServerConfig } from '../../../../shared/server-config';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useServerList } from '../../state/lists/lists-store';
import { DialogHeader } from '../../ui/DialogHeader';
import { Field } from '../../ui/Field';
import { openModal } from '../../ui/open-modal';
import { useValidateInCore } from '../../ui/schema-form/use-schema-check';
import { checkLoadArguments } from './load-arguments';
import { LatencyChart, type LatencyPoint } from './LatencyChart';
import { INITIAL_DRAFT, readDraft, type LoadDraft, type LoadDraftErrors } from './load-draft';
import './load.css';

const STOPPED: Record<LoadStopReason, string> = {
  duration: 'its time was up',
  'max-calls': `it reached ${LOAD_LIMITS.maxCalls.toLocaleString()} calls`,
  cancelled: 'it was stopped',
  disconnected: 'the server disconnected',
};

/** A load run on one tool: the form, live progress with a latency chart, and the result. */
export function LoadDialog({ server, onClose }: { server: ServerConfig; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const tools = useServerList(server.id, 'tools');
  const [typed, setDraft] = useState<LoadDraft>(INITIAL_DRAFT);
  // Until a tool is chosen, the first listed (the list may arrive after the dialog opens).
  const draft = { ...typed, tool: typed.tool || (tools?.items[0]?.name ?? '') };
  const [errors, setErrors] = useState<LoadDraftErrors>({});
  const [runId, setRunId] = useState<string | null>(null);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [points, setPoints] = useState<LatencyPoint[]>([]);
  const [result, setResult] = useState<LoadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [durationS, setDurationS] = useState(Number(INITIAL_DRAFT.duration));
  const [checking, setChecking] = useState(false);
  const validate = useValidateInCore();
  const running = runId !== null;

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  useEffect(() => {
    if (!runId) return undefined;
    return getApi().on('load.progress', (report) => {
      if (report.runId !== runId) return;
      setProgress(report);
      const recent = report.recent;
      if (recent) setPoints((previous) => [...previous, { elapsedS: report.elapsedMs / 1000, p50: recent.p50, p95: recent.p95, throughputPerS: report.throughputPerS }]);
    });
  }, [runId]);

  // A run does not outlive its dialog.
  const runIdRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (runIdRef.current) void getApi().invoke('load.cancel', { runId: runIdRef.current }).catch(() => undefined);
    },
    [],
  );

  const set = (patch: Partial<LoadDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const start = async () => {
    const read = readDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    // Arguments the tool's schema refuses would make every call fail: the run does not start.
    const tool = tools?.items.find((item) => item.name === read.params.tool);
    setChecking(true);
    const refusal = await checkLoadArguments(validate, tool?.inputSchema, read.params.arguments).finally(() => setChecking(false));
    if (refusal) {
      setErrors({ args: refusal });
      return;
    }
    setErrors({});
    const id = crypto.randomUUID();
    runIdRef.current = id;
    setRunId(id);
    setProgress(null);
    setPoints([]);
    setResult(null);
    setFailure(null);
    setDurationS(read.params.durationS);
    try {
      setResult(await getApi().invoke('load.run', { serverId: server.id, runId: id, ...read.params }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      runIdRef.current = null;
      setRunId(null);
    }
  };

  const stop = () => {
    if (runId) void getApi().invoke('load.cancel', { runId }).catch((error: unknown) => setFailure(errorMessage(error)));
  };

  return (
    <dialog ref={dialogRef} className="dialog load-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Load run on “{revealInvisible(server.name)}”
        </DialogHeader>
        <div className="dialog__body">
          <p className="form-warning">
            Meant for your own servers: a load run calls one tool over and over. Do not point it at a server you do not run or have no permission to load. It stops by
            itself when its time is up (at most {LOAD_LIMITS.maxDurationS} s and {LOAD_LIMITS.maxCalls.toLocaleString()} calls), and closing this dialog stops it.
          </p>
          <fieldset className="load-dialog__form" disabled={running}>
            <legend className="visually-hidden">Run settings</legend>
            <Field label="Tool" error={errors.tool}>
              {(props) => (
                <select {...props} className="input" value={draft.tool} onChange={(event) => set({ tool: event.target.value })}>
                  {!tools?.items.length && <option value="">No tools listed</option>}
                  {tools?.items.map((tool) => (
                    <option key={tool.name} value={tool.name}>
                      {revealInvisible(tool.name)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Arguments" hint="A JSON object, sent with every call." error={errors.args} className="load-dialog__args">
              {(props) => <textarea {...props} className="input mono" rows={2} spellCheck={false} value={draft.args} onChange={(event) => set({ args: event.target.value })} />}
            </Field>
            <Field label="Concurrency" hint={`Calls out at once, 1 to ${LOAD_LIMITS.maxConcurrency}.`} error={errors.concurrency}>
              {(props) => <input {...props} className="input" inputMode="numeric" value={draft.concurrency} onChange={(event) => set({ concurrency: event.target.value })} />}
            </Field>
            <Field label="Rate (calls a second)" hint={`Empty: as fast as the concurrency allows; at most ${LOAD_LIMITS.maxRate}.`} error={errors.rate}>
              {(props) => <input {...props} className="input" inputMode="decimal" value={draft.rate} onChange={(event) => set({ rate: event.target.value })} />}
            </Field>
            <Field label="Duration (seconds)" hint={`At most ${LOAD_LIMITS.maxDurationS}.`} error={errors.duration}>
              {(props) => <input {...props} className="input" inputMode="decimal" value={draft.duration} onChange={(event) => set({ duration: event.target.value })} />}
            </Field>
          </fieldset>
          <div className="load-dialog__actions">
            <button type="button" className="button button--primary" disabled={running || checking} onClick={() => void start()}>
              Start
            </button>
            <button type="button" className="button" disabled={!running} onClick={stop}>
              Stop
            </button>
          </div>
          {failure && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
          <p className="load-dialog__progress" role="status">
            {running ? (progress ? progressText(progress) : 'Starting…') : result ? resultLine(result) : ''}
          </p>
          {result && <ResultView result={result} />}
          {(running || result) && <LatencyChart points={points} durationS={durationS} />}
        </div>
      </div>
    </dialog>
  );
}

function progressText(progress: LoadProgress): string {
  const recent = progress.recent ? `, last second p50 ${progress.recent.p50} ms, p95 ${progress.recent.p95} ms` : '';
  return `${(progress.elapsedMs / 1000).toFixed(1)} s: ${progress.completed} answered, ${progress.failed} failed, ${progress.inFlight} out, ${progress.throughputPerS} calls/s${recent}.`;
}

function resultLine(result: LoadResult): string {
  return `Done: ${result.calls} calls of ${result.tool} in ${(result.durationMs / 1000).toFixed(1)} s, ${result.ok} ok, ${result.failed} failed; it stopped because ${STOPPED[result.stoppedBecause]}.`;
}

const PERCENTILES: Array<[keyof LatencySummary, string]> = [
  ['min', 'min'],
  ['p50', 'p50'],
  ['p90', 'p90'],
  ['p95', 'p95'],
  ['p99', 'p99'],
  ['max', 'max'],
  ['mean', 'mean'],
];

function ResultView({ result }: { result: LoadResult }) {
  const latency = result.latencyMs;
  return (
    <section className="load-result" aria-label="Load run result">
      <dl className="load-result__figures">
        <div>
          <dt>Throughput</dt>
          <dd>{result.throughputPerS} calls/s</dd>
        </div>
        <div>
          <dt>Calls</dt>
          <dd>
            {result.calls} ({result.ok} ok, {result.failed} failed{result.toolErrors > 0 ? `, ${result.toolErrors} isError` : ''})
          </dd>
        </div>
      </dl>
      {latency ? (
        <table className="load-result__latency">
          <caption>Latency (ms)</caption>
          <thead>
            <tr>
              {PERCENTILES.map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {PERCENTILES.map(([key]) => (
                <td key={key}>{latency[key]}</td>
              ))}
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">No call was answered, so there is no latency.</p>
      )}
      {result.errors.length > 0 && (
        <ul className="load-result__errors" aria-label="Errors">
          {result.errors.map((error) => (
            <li key={error.message}>
              {error.count} × {revealInvisible(error.message)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
