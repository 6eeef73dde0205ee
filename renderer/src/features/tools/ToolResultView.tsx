import { useRef, type ReactNode } from 'react';
import { useBringIntoView } from '../../ui/use-bring-into-view';
import { getApi } from '../../bridge/api';
import { taskOfCall, useTasksStore } from '../../state/tasks/tasks-store';
import { TaskStatusLine } from '../../ui/TaskStatusLine';
import type { CallProgress, RpcFailure, RpcOutcome, SchemaViolation, ToolInfo } from '../../../../shared/mcp';
import { formatBytes, formatClockTime, formatDuration, plural } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { ContentBlocks, MetaDetails, type HeldTextAt } from '../../ui/content/ContentBlocks';
import { CopyButton } from '../../ui/CopyButton';
import { DocumentView } from '../../ui/content/DocumentView';
import { printJson } from '../../../../shared/document/document-core';
import { SaveButton } from '../../ui/content/SaveButton';
import type { StructuredCheck } from './result-checks';
import type { ToolRun } from './run-history';
import { VERDICT_LABELS, verdictOf } from './run-verdict';
import { RunProgress } from './RunProgress';
import { WaitingForYou } from './WaitingForYou';
import { useStructuredCheck } from './use-structured-check';
import { heldTextAt, wholeResult } from '../../ui/content/whole-result';
import { RawReply } from '../../ui/OutcomeParts';
import { isObject } from '../../../../shared/is-object';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  run: ToolRun;
  tool: ToolInfo;
  progress: CallProgress | undefined;
  onCancel: () => void;
  onOpenResource: (uri: string) => void;
}

/** One run's result: what came back, how long it took and how big it was, rendered for what it is. */
export function ToolResultView({ run, tool, progress, onCancel, onOpenResource }: Props) {
  const verdict = verdictOf(run);
  const running = verdict === 'running';
  const now = useNow(running, 200);
  const outcome = run.outcome;
  const result = outcome?.result;
  const check = useStructuredCheck(tool.outputSchema, result);
  const task = useTasksStore((state) => taskOfCall(state.byServer, run.serverId, run.callId));
  const api = getApi();

  // A new run's result (this view is keyed by the call) comes into view when it is below the fold:
  // once when the run starts and again when its result makes it grow.
  const sectionRef = useRef<HTMLElement>(null);
  useBringIntoView(sectionRef, running ? 'running' : 'ended', 'start');

  return (
    <section ref={sectionRef} className={`tool-result tool-result--${verdict}`} aria-label="Result" aria-busy={running}>
      <header className="tool-result__header">
        <h3 className="tool-result__title">Result</h3>
        <span className={`verdict verdict--${verdict}`}>{VERDICT_LABELS[verdict]}</span>
        <span className="visually-hidden">. </span>
        {(check?.status === 'fail' || check?.status === 'missing') && (
          <span className="verdict verdict--non-conforming" title="The structuredContent does not match the tool’s outputSchema">
            {check.status === 'fail' ? 'Breaks the output schema' : 'No structuredContent'}
          </span>
        )}
        {running ? (
          <>
            <span className="tool-result__meta">{formatDuration(now - run.startedAt)}</span>
            <button type="button" className="button button--small" onClick={onCancel}>
              Cancel call
            </button>
          </>
        ) : (
          outcome && <OutcomeMeta outcome={outcome} startedAt={run.startedAt} />
        )}
        <span className="tool-result__spacer" />
        {outcome && result !== undefined && (
          <>
            <CopyButton caption="Copy reply" text={async () => printJson(await wholeResult(api, outcome))} />
            <SaveButton
              label="Save reply…"
              getFile={async () => ({ name: `${tool.name}-result.json`, data: printJson(await wholeResult(api, outcome)), type: 'application/json' })}
            />
          </>
        )}
      </header>

      {task && <TaskStatusLine task={task} />}
      {running && <RunProgress progress={progress} elapsedMs={now - run.startedAt} />}
      {running && <WaitingForYou serverId={run.serverId} />}
      {run.error && (
        <p className="tool-result__failure" role="alert">
          Could not make the call: {run.error}
        </p>
      )}
      {outcome?.failure && <FailureView failure={outcome.failure} />}
      {run.resultDropped && (
        <p className="content-note" role="note">
          This earlier run’s result ({formatBytes(outcome?.responseSize ?? 0)}) was too large to keep. Run the tool again to see it.
        </p>
      )}
      {outcome && outcome.violations.length > 0 && <ViolationsView violations={outcome.violations} result={result} responseSize={outcome.responseSize} />}
      {outcome && result !== undefined && check && <ResultBody outcome={outcome} result={result} tool={tool} check={check} onOpenResource={onOpenResource} />}
    </section>
  );
}

/** Read aloud as separate facts ("took 16.1 s, response 287 B, …"), shown as "16.1 s · 287 B · …". */
function OutcomeMeta({ outcome, startedAt }: { outcome: RpcOutcome; startedAt: number }) {
  return (
    <span className="tool-result__meta">
      <Fact label="took" title="Time from request to response">
        {formatDuration(outcome.durationMs)}
      </Fact>
      <Separator />
      <Fact label="response" title="Size of the response message">
        {formatBytes(outcome.responseSize)}
      </Fact>
      {outcome.rpcId !== undefined && (
        <>
          <Separator />
          <span title="JSON-RPC id">id {String(outcome.rpcId)}</span>
        </>
      )}
      <Separator />
      <Fact label="started at" title="When the call started">
        {formatClockTime(startedAt)}
      </Fact>
    </span>
  );
}

function Fact({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <span title={title}>
      <span className="visually-hidden">{label} </span>
      {children}
    </span>
  );
}

function Separator() {
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
    </>
  );
}

const FAILURE_TITLES: Record<RpcFailure['kind'], string> = {
  protocol: 'Protocol error',
  timeout: 'Timed out',
  cancelled: 'Cancelled',
  disconnected: 'Connection lost',
  'not-connected': 'Not connected',
  'invalid-result': 'Invalid reply',
};

/** A failure of the call itself (not a tool error): the JSON-RPC error, a timeout, a lost connection. */
function FailureView({ failure }: { failure: RpcFailure }) {
  return (
    <div className={`tool-result__failure ${failure.kind === 'cancelled' ? 'tool-result__failure--quiet' : ''}`} role="alert">
      <p>
        <strong>{FAILURE_TITLES[failure.kind]}</strong>
        {failure.code !== undefined && <span className="mono"> (JSON-RPC error {failure.code})</span>}: {revealInvisible(failure.message)}
      </p>
      {failure.data !== undefined && (
        <DocumentView input={{ kind: 'value', value: failure.data }} label="Error data" title="error.data" fileBaseName="error-data" />
      )}
    </div>
  );
}

/** The reply breaks the MCP schema: each place, and the reply exactly as it came. */
function ViolationsView({ violations, result, responseSize }: { violations: SchemaViolation[]; result: unknown; responseSize: number }) {
  return (
    <div className="violations tool-result__violations" role="note" aria-label="Schema violations">
      <p className="violations__title">
        The reply does not conform to the MCP schema for tools/call ({plural(violations.length, 'problem')}):
      </p>
      <ul className="violations__list">
        {violations.map((violation, index) => (
          <li key={index}>
            <code>{violation.path || '/'}</code> {violation.message}
          </li>
        ))}
      </ul>
      {result !== undefined && (
        <DocumentView input={{ kind: 'value', value: result }} label="Raw reply" title="Raw reply, exactly as received" fileBaseName="reply" preferRaw sizeHint={responseSize} />
      )}
    </div>
  );
}

function ResultBody({
  outcome,
  result,
  tool,
  check,
  onOpenResource,
}: {
  outcome: RpcOutcome;
  result: unknown;
  tool: ToolInfo;
  check: StructuredCheck;
  onOpenResource: (uri: string) => void;
}) {
  const toolError = isObject(result) && result.isError === true;
  const content = isObject(result) ? result.content : undefined;
  const heldText: HeldTextAt | undefined = outcome.heldTexts && ((path) => heldTextAt(outcome, ['content', ...path]));
  return (
    <>
      {toolError && (
        <p className="tool-result__tool-error" role="alert">
          The tool reported an error (<code>isError: true</code>). This is the tool’s own answer, not a protocol failure.
        </p>
      )}
      {isObject(result) && (content !== undefined || !('structuredContent' in result)) && (
        <ContentBlocks blocks={content} label="Result content" onOpenResource={onOpenResource} heldText={heldText} />
      )}
      {check.status === 'missing' && (
        <p className="content-problem" role="note">
          The tool declares an output schema, but the result has no structuredContent.
        </p>
      )}
      {isObject(result) && 'structuredContent' in result && (
        <section className="structured-content" aria-label="Structured content">
          <DocumentView
            input={{ kind: 'value', value: result.structuredContent }}
            label="structuredContent"
            title="structuredContent"
            fileBaseName={`${tool.name}-structured`}
            badges={
              check.status === 'pass' ? (
                <span className="content-badge content-badge--good">Matches the output schema</span>
              ) : check.status === 'fail' ? (
                <span className="content-badge content-badge--bad">Does not match the output schema</span>
              ) : check.status === 'checking' ? (
                <span className="content-badge">Checking against the output schema…</span>
              ) : check.status === 'not-checked' ? (
                <span className="content-badge">Not checked against the output schema</span>
              ) : (
                <span className="content-badge">No output schema to check against</span>
              )
            }
          />
          {check.status === 'fail' && (
            <ul className="structured-content__errors" aria-label="Output schema errors">
              {check.errors.map((error, index) => (
                <li key={index}>
                  <code>{error.pointer || '(whole value)'}</code> {error.message}
                </li>
              ))}
            </ul>
          )}
          {check.status === 'not-checked' && <p className="content-note">{check.reason}</p>}
        </section>
      )}
      {isObject(result) && isObject(result._meta) && <MetaDetails title="_meta" value={result._meta} name="Result _meta" />}
      {outcome.violations.length === 0 && (
        <RawReply outcome={outcome} />
      )}
    </>
  );
}
