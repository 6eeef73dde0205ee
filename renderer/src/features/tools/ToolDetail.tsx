import { useMemo, useRef, useState } from 'react';
import type { JsonObject, ToolInfo } from '../../../../shared/mcp';
import { PlayIcon } from '../../ui/icons';
import { plural } from '../../ui/format';
import { toolsSlots } from './slots';
import { formatJsonValue, initialValue } from '../../ui/schema-form/form-value';
import { isObject } from '../../../../shared/is-object';
import { errorsByPointer, type SchemaCheck, type ValidationError } from '../../ui/schema-form/schema-check';
import { useRememberedArgumentsCheck, useSchemaCheck } from '../../ui/schema-form/use-schema-check';
import { findServer, useServersStore } from '../../state/servers';
import { ToolApp } from './apps/ToolApp';
import { toolAppUri } from './apps/app-facts';
import { CallOptions } from './CallOptions';
import { RunHistory } from './RunHistory';
import { ToolArguments } from './ToolArguments';
import { ToolDescription, ToolHeader, ToolSchemas } from './ToolHeader';
import { ToolResultView } from './ToolResultView';
import { ToolLintSection } from './ToolLint';
import type { ToolLintFinding } from '../../../../shared/tool-lint';
import { shownRun, toolKey, useToolsStore, type ArgumentsDraft } from './tools-store';
import { useSettledRun } from './use-settled-run';

interface Props {
  serverId: string;
  tool: ToolInfo;
  /** Its entry in the list: the name, or `name#2` for a second tool of that name. */
  listKey: string;
  /** How many tools in the list have this name. */
  sameName: number;
  connected: boolean;
  lint: { findings: readonly ToolLintFinding[]; checking: boolean; error: string | undefined; onLintAgain: () => void };
}

type Problem =
  | { kind: 'json'; message: string }
  | { kind: 'schema'; errors: ValidationError[] }
  /** The schema could not be used, or the core did not answer: the arguments may be sent unchecked. */
  | { kind: 'unchecked'; reason: string };

/** A refused send: what was wrong, and when that was found (`performance.now()`). */
interface Refusal {
  problem: Problem;
  at: number;
}

function problemOf(check: SchemaCheck): Problem | null {
  if (check.kind === 'unchecked') return { kind: 'unchecked', reason: check.reason };
  return check.errors.length > 0 ? { kind: 'schema', errors: check.errors } : null;
}

const NO_ERRORS: Record<string, string[]> = {};

/** The selected tool: what it is, its arguments, the run controls, its history and the shown result. */
export function ToolDetail({ serverId, tool, listKey, sameName, connected, lint }: Props) {
  const key = toolKey(serverId, listKey);
  const schema = useMemo<JsonObject>(() => (isObject(tool.inputSchema) ? tool.inputSchema : { type: 'object' }), [tool.inputSchema]);
  const store = useToolsStore.getState();
  const history = useToolsStore((state) => state.history[key]);
  const viewed = useToolsStore((state) => state.viewedRun[key]);
  const storedDraft = useToolsStore((state) => state.drafts[key]);
  const mode = useToolsStore((state) => state.modes[key] ?? 'form');
  const override = useToolsStore((state) => state.timeoutOverrides[key]);
  const serverTimeouts = useServersStore((state) => findServer(state.servers, serverId)?.timeouts);
  // A run that has just started is not shown yet, nor its row in the history (see useSettledRun).
  const { run, heldCallId } = useSettledRun(shownRun(history, viewed));
  const listedRuns = useMemo(() => (heldCallId ? history?.filter((candidate) => candidate.callId !== heldCallId) : history) ?? [], [history, heldCallId]);
  const progress = useToolsStore((state) => (run ? state.progress[run.callId] : undefined));
  const latestRunning = listedRuns[0]?.status === 'running';
  const taskSupport = tool.execution?.taskSupport;
  const [runAsTask, setRunAsTask] = useState(false);

  // The arguments start from the last run's, or from the schema's defaults.
  const startingValue = useMemo(() => {
    const last = history?.find((candidate) => candidate.arguments)?.arguments;
    return last ?? initialValue(schema, schema) ?? {};
    // Only the first render's history matters: later runs update the draft themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);
  const draft: ArgumentsDraft = storedDraft ?? { text: formatJsonValue(startingValue), value: startingValue, parseError: null };

  const checkArgs = useRememberedArgumentsCheck();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [checking, setChecking] = useState(false);
  const submits = useRef(0);
  // Checked as the user edits: a Run click finds the verdict ready, and after a refused send fixed errors disappear.
  const live = useSchemaCheck(checkArgs, schema, draft.value, !draft.parseError && isObject(draft.value));
  let shownProblem: Problem | null = refusal?.problem ?? null;
  if (shownProblem?.kind === 'json') {
    if (!draft.parseError && isObject(draft.value)) shownProblem = null;
  } else if (refusal && live && live.askedAt > refusal.at) {
    shownProblem = problemOf(live.check);
  }
  const errors = shownProblem?.kind === 'schema' ? errorsByPointer(shownProblem.errors) : NO_ERRORS;
  const busy = !connected || latestRunning || checking;

  // Asked of the store, not of this render: a run that has just started is not shown yet, and must not be sent twice.
  const runningNow = () => useToolsStore.getState().history[key]?.[0]?.status === 'running';

  const send = (args: JsonObject) => {
    if (runningNow()) return;
    submits.current++;
    setChecking(false);
    setRefusal(null);
    void store.run(serverId, tool.name, args, {
      asTask: taskSupport === 'required' || (taskSupport === 'optional' && runAsTask),
      // An app is handed the whole result, so a tool with one gets it whole.
      holdLongTexts: toolAppUri(tool) === undefined,
      listKey,
    });
  };

  const submit = async () => {
    if (busy || runningNow()) return;
    const at = performance.now();
    if (draft.parseError) {
      setRefusal({ problem: { kind: 'json', message: draft.parseError }, at });
      return;
    }
    const args = draft.value;
    if (!isObject(args)) {
      setRefusal({ problem: { kind: 'json', message: 'The arguments must be a JSON object, e.g. {"name": "value"}.' }, at });
      return;
    }
    // The verdict is usually in already (checked as the user edited): send in this same task.
    const known = checkArgs.known(schema, args);
    if (known) {
      const problem = problemOf(known);
      if (problem) setRefusal({ problem, at });
      else send(args);
      return;
    }
    const submitted = ++submits.current;
    setChecking(true);
    const problem = problemOf(await checkArgs(schema, args));
    // A newer submit or a "Send anyway" has taken over.
    if (submitted !== submits.current) return;
    setChecking(false);
    if (problem) setRefusal({ problem, at });
    else send(args);
  };

  return (
    <div className="tool-detail" role="region" aria-label={`Tool ${tool.name}`}>
      <ToolHeader tool={tool} sameName={sameName} />
      {tool.description && <ToolDescription description={tool.description} />}
      <ToolSchemas tool={tool} />
      <ToolLintSection {...lint} />

      <form
        className="tool-run"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ToolArguments
          schema={schema}
          draft={draft}
          mode={mode}
          onMode={(next) => store.setMode(key, next)}
          onValue={(value) => store.setDraftValue(key, value)}
          onText={(text) => store.setDraftText(key, text)}
          onReset={() => store.setDraftValue(key, initialValue(schema, schema) ?? {})}
          errors={errors}
          onSubmit={() => void submit()}
          check={checkArgs}
        />
        {shownProblem && (
          <div className="tool-run__problem" role="alert">
            {shownProblem.kind === 'json' ? (
              <p>{shownProblem.message}</p>
            ) : shownProblem.kind === 'unchecked' ? (
              <>
                <p>{shownProblem.reason}</p>
                <SendAnyway disabled={!connected || latestRunning} onClick={() => isObject(draft.value) && send(draft.value)} />
              </>
            ) : (
              <>
                <p>
                  The arguments do not match the tool’s input schema ({plural(shownProblem.errors.length, 'problem')}). Fix them, or
                  send them as they are to see what the server does.
                </p>
                <ul className="tool-run__errors">
                  {shownProblem.errors.map((error, index) => (
                    <li key={index}>
                      <code>{error.pointer || '(arguments)'}</code> {error.message}
                    </li>
                  ))}
                </ul>
                <SendAnyway disabled={!connected || latestRunning} onClick={() => isObject(draft.value) && send(draft.value)} />
              </>
            )}
          </div>
        )}
        <div className="tool-run__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            <PlayIcon /> Run tool
          </button>
          <span className="field__hint">
            {connected ? (
              <>
                or <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
              </>
            ) : (
              'Connect the server to run this tool.'
            )}
          </span>
          <TaskChoice support={taskSupport} checked={runAsTask} onChange={setRunAsTask} />
          <span className="tool-run__spacer" />
          <button
            type="button"
            className="button button--small"
            disabled={draft.parseError !== null || !isObject(draft.value)}
            title="Keep this call, with these arguments, as a request file in a collection"
            onClick={() => isObject(draft.value) && toolsSlots.saveAsRequest.get()({ kind: 'request', action: { tool: tool.name, arguments: draft.value } })}
          >
            Save as request…
          </button>
          <CallOptions serverDefaults={serverTimeouts} override={override} onChange={(next) => store.setTimeoutOverride(key, next)} />
        </div>
      </form>

      <RunHistory
        runs={listedRuns}
        shownCallId={run?.callId}
        onOpen={(chosen) => {
          store.viewRun(key, chosen.callId);
          store.setDraftValue(key, chosen.arguments);
        }}
      />
      <div className="tool-detail__outputs">
        {run && (
          <ToolResultView
            key={run.callId}
            run={run}
            tool={tool}
            progress={progress}
            onCancel={() => void store.cancel(run.callId)}
            onOpenResource={(uri) => toolsSlots.openResource.get()(serverId, uri)}
          />
        )}
        <ToolApp serverId={serverId} tool={tool} listKey={listKey} run={run} draftArguments={draft.value} connected={connected} />
      </div>
    </div>
  );
}

/** Whether the call runs as a task: the tool's `execution.taskSupport` decides, or the person when it is optional. */
function TaskChoice({ support, checked, onChange }: { support: unknown; checked: boolean; onChange: (checked: boolean) => void }) {
  if (support === 'required') return <span className="field__hint">Runs as a task (the tool requires it).</span>;
  if (support !== 'optional') return null;
  return (
    <label className="field__hint">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> Run as a task
    </label>
  );
}

function SendAnyway({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button--small" disabled={disabled} onClick={onClick}>
      Send anyway
    </button>
  );
}
