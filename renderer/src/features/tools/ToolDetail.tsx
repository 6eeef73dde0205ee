import { useMemo, useState } from 'react';
import type { JsonObject, ToolInfo } from '../../../../shared/mcp';
import { useApi } from '../../bridge/api-context';
import { PlayIcon } from '../../ui/icons';
import { plural } from '../../ui/format';
import { openResource } from '../resources/resources-store';
import { formatJsonValue, initialValue } from '../schema-form/form-value';
import { isObject } from '../schema-form/schema-utils';
import { errorsByPointer, validateValue, type ValidationError } from '../schema-form/validate';
import { findServer, useServersStore } from '../servers/servers-store';
import { CallOptions } from './CallOptions';
import { RunHistory } from './RunHistory';
import { ToolArguments } from './ToolArguments';
import { ToolDescription, ToolHeader, ToolSchemas } from './ToolHeader';
import { ToolResultView } from './ToolResultView';
import { shownRun, toolKey, useToolsStore, type ArgumentsDraft } from './tools-store';

interface Props {
  serverId: string;
  tool: ToolInfo;
  /** How many tools in the list have this name. */
  sameName: number;
  connected: boolean;
}

type Problem = { kind: 'json'; message: string } | { kind: 'schema'; errors: ValidationError[]; problems: string[] };

const NO_ERRORS: Record<string, string[]> = {};

/** The selected tool: what it is, its arguments, the run controls, its history and the shown result. */
export function ToolDetail({ serverId, tool, sameName, connected }: Props) {
  const api = useApi();
  const key = toolKey(serverId, tool.name);
  const schema = useMemo<JsonObject>(() => (isObject(tool.inputSchema) ? tool.inputSchema : { type: 'object' }), [tool.inputSchema]);
  const store = useToolsStore.getState();
  const history = useToolsStore((state) => state.history[key]);
  const viewed = useToolsStore((state) => state.viewedRun[key]);
  const storedDraft = useToolsStore((state) => state.drafts[key]);
  const mode = useToolsStore((state) => state.mode);
  const override = useToolsStore((state) => state.timeoutOverrides[key]);
  const serverTimeouts = useServersStore((state) => findServer(state.servers, serverId)?.timeouts);
  const run = shownRun(history, viewed);
  const progress = useToolsStore((state) => (run ? state.progress[run.callId] : undefined));
  const latestRunning = history?.[0]?.status === 'running';

  // The arguments start from the last run's, or from the schema's defaults.
  const startingValue = useMemo(() => {
    const last = history?.find((candidate) => candidate.arguments)?.arguments;
    return last ?? initialValue(schema, schema) ?? {};
    // Only the first render's history matters: later runs update the draft themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);
  const draft: ArgumentsDraft = storedDraft ?? { text: formatJsonValue(startingValue), value: startingValue, parseError: null };

  const [problem, setProblem] = useState<Problem | null>(null);
  // After a refused send, keep checking as the user edits, so fixed errors disappear.
  const liveReport = useMemo(
    () => (problem?.kind === 'schema' && !draft.parseError ? validateValue(schema, draft.value) : null),
    [problem, schema, draft.value, draft.parseError],
  );
  const shownProblem: Problem | null =
    problem?.kind === 'schema' && liveReport
      ? liveReport.errors.length > 0
        ? { kind: 'schema', errors: liveReport.errors, problems: liveReport.problems }
        : null
      : problem?.kind === 'json' && !draft.parseError && isObject(draft.value)
        ? null
        : problem;
  const errors = shownProblem?.kind === 'schema' ? errorsByPointer(shownProblem.errors) : NO_ERRORS;

  const send = (args: JsonObject) => {
    setProblem(null);
    void store.run(api, serverId, tool.name, args);
  };

  const submit = () => {
    if (!connected || latestRunning) return;
    if (draft.parseError) {
      setProblem({ kind: 'json', message: draft.parseError });
      return;
    }
    if (!isObject(draft.value)) {
      setProblem({ kind: 'json', message: 'The arguments must be a JSON object, e.g. {"name": "value"}.' });
      return;
    }
    const report = validateValue(schema, draft.value);
    if (report.errors.length > 0) {
      setProblem({ kind: 'schema', errors: report.errors, problems: report.problems });
      return;
    }
    send(draft.value);
  };

  return (
    <div className="tool-detail" role="region" aria-label={`Tool ${tool.name}`}>
      <ToolHeader tool={tool} sameName={sameName} />
      {tool.description && <ToolDescription description={tool.description} />}
      <ToolSchemas tool={tool} />

      <form
        className="tool-run"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ToolArguments
          schema={schema}
          draft={draft}
          mode={mode}
          onMode={store.setMode}
          onValue={(value) => store.setDraftValue(key, value)}
          onText={(text) => store.setDraftText(key, text)}
          onReset={() => store.setDraftValue(key, initialValue(schema, schema) ?? {})}
          errors={errors}
          onSubmit={submit}
        />
        {shownProblem && (
          <div className="tool-run__problem" role="alert">
            {shownProblem.kind === 'json' ? (
              <p>{shownProblem.message}</p>
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
                <button
                  type="button"
                  className="button button--small"
                  disabled={!connected || latestRunning}
                  onClick={() => isObject(draft.value) && send(draft.value)}
                >
                  Send anyway
                </button>
              </>
            )}
          </div>
        )}
        <div className="tool-run__actions">
          <button type="submit" className="button button--primary" disabled={!connected || latestRunning}>
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
          <span className="tool-run__spacer" />
          <CallOptions serverDefaults={serverTimeouts} override={override} onChange={(next) => store.setTimeoutOverride(key, next)} />
        </div>
      </form>

      <RunHistory
        runs={history ?? []}
        shownCallId={run?.callId}
        onOpen={(chosen) => {
          store.viewRun(key, chosen.callId);
          store.setDraftValue(key, chosen.arguments);
        }}
      />
      {run && (
        <ToolResultView
          key={run.callId}
          run={run}
          tool={tool}
          progress={progress}
          onCancel={() => void store.cancel(api, run.callId)}
          onOpenResource={(uri) => openResource(serverId, uri)}
        />
      )}
    </div>
  );
}
