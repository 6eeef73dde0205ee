import { useEffect, useState } from 'react';
import {
  LATEST_OAUTH_SPEC_VERSION,
  OAUTH_SPEC_VERSIONS,
  type DebugCheck,
  type DebugStep,
  type DebugStepStatus,
  type OAuthDebugRun,
  type OAuthSpecVersion,
} from '../../../../../shared/oauth-debugger';
import { getApi } from '../../../bridge/api';
import { HttpExchangeView } from '../../../ui/HttpExchangeView';
import { plural } from '../../../ui/format';
import { authSlots } from '../slots';
import { useDebuggerStore } from './debugger-store';
import { changedParams, paramValue } from './request-params';
import { SequenceDiagram } from './SequenceDiagram';
import './debugger.css';
import { revealInvisible } from '../../../../../shared/reveal-invisible';

const STEP_STATUS: Record<DebugStepStatus, string> = {
  pending: 'next',
  running: 'running…',
  waiting: 'waiting for the browser',
  ok: 'OK',
  failed: 'failed',
  skipped: 'skipped',
};

/** A step that ended with warnings or errors says so rather than "OK". */
function stepStatusText(status: DebugStepStatus, problems: number): string {
  return status === 'ok' && problems > 0 ? `Done with ${plural(problems, 'problem')}` : STEP_STATUS[status];
}

const RUN_STATUS: Record<OAuthDebugRun['status'], string> = {
  paused: 'Paused before the next step',
  running: 'Running…',
  'waiting-for-browser': 'Waiting for you to sign in in the browser',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
};

const CHECK_MARK: Record<DebugCheck['level'], string> = { ok: '✓', warning: '⚠', error: '✗' };

/**
 * The OAuth debugger: a sign-in run one step at a time under a chosen spec version, separate
 * from the server's own sign-in. Each step shows its explanation, its request (editable before
 * it is sent), its exchanges and checks; any step can be run again from.
 */
export function OAuthDebugger({ serverId }: { serverId: string }) {
  const run = useDebuggerStore((state) => state.runs[serverId]);
  const busy = useDebuggerStore((state) => state.busy[serverId] === true);
  const error = useDebuggerStore((state) => state.errors[serverId]);
  // The version picked for this server's next run; until one is picked, that of the run shown.
  const [picked, setPicked] = useState<{ serverId: string; version: OAuthSpecVersion } | null>(null);
  const version = picked?.serverId === serverId ? picked.version : (run?.version ?? LATEST_OAUTH_SPEC_VERSION);
  const setVersion = (chosen: OAuthSpecVersion) => setPicked({ serverId, version: chosen });

  useEffect(() => getApi().on('oauthDebug.changed', (changed) => useDebuggerStore.getState().apply(changed)), []);

  const store = useDebuggerStore.getState();
  const paused = run?.status === 'paused';
  const ended = run === undefined || run.status === 'done' || run.status === 'failed' || run.status === 'stopped';
  return (
    <section className="oauth-debugger" aria-label="OAuth debugger">
      <header className="oauth-debugger__header">
        <h3 className="auth__heading">OAuth debugger</h3>
        <label className="oauth-debugger__version">
          Spec version{' '}
          <select className="input input--small" value={version} onChange={(event) => setVersion(event.target.value as OAuthSpecVersion)} disabled={!ended}>
            {OAUTH_SPEC_VERSIONS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--small" disabled={busy || !ended} onClick={() => void store.start(serverId, version)}>
          {run ? 'Start again' : 'Start'}
        </button>
        <button type="button" className="button button--primary button--small" disabled={busy || !paused} onClick={() => void store.next(serverId)}>
          Next step
        </button>
        <button type="button" className="button button--small" disabled={busy || ended} onClick={() => void store.stop(serverId)}>
          Stop
        </button>
      </header>
      <p className="field__hint">
        A separate run, step by step, under one version of the MCP authorization spec: its client and tokens stay in memory and are revoked when it ends;
        the server’s own sign-in is left as it is.
      </p>
      {error && (
        <p className="empty-state empty-state--error" role="alert">
          {revealInvisible(error)}
        </p>
      )}
      {run && <RunStatus run={run} />}
      {run && (
        <>
          <ol className="oauth-debugger__steps" aria-label="Debugger steps">
            {run.steps.map((step) => (
              <StepItem key={`${run.runId}-${step.index}`} serverId={serverId} step={step} canContinue={!busy && (ended || paused) && step.status !== 'pending'} busy={busy} />
            ))}
          </ol>
          <SequenceDiagram diagram={run.diagram} />
        </>
      )}
    </section>
  );
}

function RunStatus({ run }: { run: OAuthDebugRun }) {
  return (
    <p className={`oauth-debugger__status oauth-debugger__status--${run.status}`} role="status" aria-label="Debugger run">
      <strong>{RUN_STATUS[run.status]}</strong> · spec {run.version} · {plural(run.steps.length, 'step')} · {plural(run.counts.warning, 'warning')},{' '}
      {plural(run.counts.error, 'error')}
      {run.failure && <> · {revealInvisible(run.failure)}</>}
      {run.status === 'waiting-for-browser' && run.authorizationUrl && /^https?:\/\//i.test(run.authorizationUrl) && (
        <>
          {' '}
          <a href={run.authorizationUrl} target="_blank" rel="noopener noreferrer">
            Open the sign-in page
          </a>
        </>
      )}
    </p>
  );
}

function StepItem({ serverId, step, canContinue, busy }: { serverId: string; step: DebugStep; canContinue: boolean; busy: boolean }) {
  const pending = step.status === 'pending';
  const problems = step.checks.filter((check) => check.level !== 'ok').length;
  return (
    <li className={`debug-step debug-step--${step.status}`} aria-label={`Step ${step.index + 1}: ${step.title}`}>
      <details open={pending || step.status === 'failed'}>
        <summary className="debug-step__summary">
          <span className="debug-step__title">
            {step.index + 1}. {step.title}
          </span>
          <span className={`auth-step__status debug-step__status--${step.status}`}>{stepStatusText(step.status, problems)}</span>
          {step.edited && <span className="hint-badge">edited</span>}
          {problems > 0 && step.status !== 'ok' && <span className="hint-badge lint-badge--warning">{plural(problems, 'problem')}</span>}
          <span className="debug-step__text">{revealInvisible(step.summary)}</span>
        </summary>
        <p className="debug-step__explanation">{step.explanation}</p>
        {step.checks.length > 0 && (
          <ul className="debug-step__checks" aria-label="Checks">
            {step.checks.map((check) => (
              <li key={check.id} className={`debug-check debug-check--${check.level}`}>
                <span aria-hidden="true">{CHECK_MARK[check.level]}</span> <span className="visually-hidden">{check.level}: </span>
                {revealInvisible(check.sentence)}
                {check.rule && <span className="muted"> ({check.rule})</span>}
                {check.blocking && <strong> Stopped the run.</strong>}
              </li>
            ))}
          </ul>
        )}
        {step.request && pending && (
          // A changed request (after an edit) starts its fields again.
          <RequestEditor key={`${step.request.url}\n${step.request.body ?? ''}`} serverId={serverId} step={step} busy={busy} />
        )}
        {step.request && !pending && step.exchanges.length === 0 && <RequestText request={step.request} />}
        {step.exchanges.map((exchange, index) => (
          <div key={index} className="debug-step__exchange">
            <HttpExchangeView exchange={exchange} />
            {exchange.trafficSeq !== undefined && (
              <button type="button" className="link-button" onClick={() => authSlots.showTraffic.get()(exchange.trafficSeq!)}>
                Show #{exchange.trafficSeq} in the traffic log
              </button>
            )}
          </div>
        ))}
        {canContinue && (
          <button type="button" className="button button--small" onClick={() => void useDebuggerStore.getState().continueFrom(serverId, step.index)}>
            Continue from here
          </button>
        )}
      </details>
    </li>
  );
}

function RequestText({ request }: { request: NonNullable<DebugStep['request']> }) {
  return (
    <pre className="debug-step__request" aria-label="Request to send">
      {request.method} {request.url}
      {Object.entries(request.headers).map(([name, value]) => `\n${name}: ${value}`)}
      {request.body !== undefined ? `\n\n${request.body}` : ''}
    </pre>
  );
}

/** The pending step's request, and its usual parameters (scope, redirect_uri, …) to change before it is sent. */
function RequestEditor({ serverId, step, busy }: { serverId: string; step: DebugStep; busy: boolean }) {
  const request = step.request!;
  const initial = () => Object.fromEntries(request.suggestedParams.map((name) => [name, paramValue(request, name)]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const changed = changedParams(request, values);
  return (
    <div className="debug-step__request-editor">
      <RequestText request={request} />
      {request.suggestedParams.length > 0 && (
        <form
          className="debug-step__edit"
          aria-label="Edit the request"
          onSubmit={(event) => {
            event.preventDefault();
            void useDebuggerStore.getState().edit(serverId, { params: changed });
          }}
        >
          {request.suggestedParams.map((name) => (
            <label key={name} className="debug-step__param">
              <span className="mono">{name}</span>
              <input className="input input--small mono" value={values[name] ?? ''} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
            </label>
          ))}
          <button type="submit" className="button button--small" disabled={busy || Object.keys(changed).length === 0}>
            Apply the edit
          </button>
        </form>
      )}
    </div>
  );
}
