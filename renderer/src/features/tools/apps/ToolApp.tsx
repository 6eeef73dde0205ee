import { Suspense, useEffect, useState } from 'react';
import type { JsonObject, ToolInfo } from '../../../../../shared/mcp';
import type { ToolRun } from '../run-history';
import { readAppResourceMeta } from '../../../../../shared/app-resource-meta';
import { useListsStore } from '../../../state/lists/lists-store';
import { describeAppMeta, toolAppUri } from './app-facts';
import './tool-app.css';
import { isObject } from '../../../../../shared/is-object';
import { useLiveAppsStore } from './live-apps-store';
import { LazyAppView as AppView } from './lazy-app-view';

interface Props {
  serverId: string;
  tool: ToolInfo;
  /** The tool's entry in the server's list (the name, or `name#2`). */
  listKey: string;
  /** The run shown in the detail: its app opens beside its result once it is done. */
  run: ToolRun | undefined;
  /** The arguments being edited, for opening the app without a run. */
  draftArguments: unknown;
  connected: boolean;
}


/** An app opened alone; `beforeRun` is the finished run it replaced, so the next run takes over again. */
type Alone = { key: number; input: JsonObject; beforeRun: string | undefined } | null;

/**
 * A tool's MCP App: after a successful run it opens with the run's arguments and result; it can
 * also be opened alone with the arguments as typed, without running the tool.
 */
export function ToolApp({ serverId, tool, listKey, run, draftArguments, connected }: Props) {
  const uri = toolAppUri(tool);
  const [alone, setAlone] = useState<Alone>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const listed = useListsStore((state) => (uri ? state.byServer[serverId]?.resources?.items.find((item) => item.uri === uri) : undefined));

  const finished = run?.status === 'done' && run.outcome?.result !== undefined && !run.outcome.failure ? run : undefined;
  const showAlone = alone !== null && alone.beforeRun === finished?.callId;
  const showRun = !showAlone && finished !== undefined && dismissed !== finished.callId;
  const open = uri !== undefined && connected && (showAlone || showRun);
  // An open app keeps this detail mounted while another server or tool is shown (see live-apps-store).
  const setLive = useLiveAppsStore((state) => state.setLive);
  useEffect(() => setLive({ serverId, listKey }, open), [setLive, serverId, listKey, open]);
  useEffect(() => () => setLive({ serverId, listKey }, false), [setLive, serverId, listKey]);
  if (!uri) return null;

  return (
    <div className="tool-app">
      <Suspense fallback={<p className="field__hint">Loading the app host…</p>}>
      {showRun && finished && connected ? (
        <AppView
          key={finished.callId}
          serverId={serverId}
          uri={uri}
          tool={tool}
          toolInput={finished.arguments}
          toolResult={finished.outcome?.result}
          onClosed={() => setDismissed(finished.callId)}
        />
      ) : showAlone && connected ? (
        <AppView key={`alone-${alone.key}`} serverId={serverId} uri={uri} tool={tool} toolInput={alone.input} onClosed={() => setAlone(null)} />
      ) : (
        <div className="tool-app__hint">
        <p className="field__hint">
          This tool has an MCP App (<code>{uri}</code>): it opens beside the result when the tool runs.{' '}
          <button
            type="button"
            className="button button--small"
            disabled={!connected}
            onClick={() => setAlone({ key: Date.now(), input: isObject(draftArguments) ? draftArguments : {}, beforeRun: finished?.callId })}
          >
            Open app with these arguments
          </button>
        </p>
        {listed && <ListedMeta meta={listed._meta} />}
        </div>
      )}
      </Suspense>
    </div>
  );
}

/** What the resource declares in the server's resources list (the read, when the app opens, has the last word). */
function ListedMeta({ meta }: { meta: unknown }) {
  const problems: string[] = [];
  const facts = describeAppMeta(readAppResourceMeta(meta, problems));
  return (
    <details className="app-view__facts">
      <summary>Declared in the resources list</summary>
      <dl>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {problems.length > 0 && (
        <ul className="app-view__violations">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
