import { useMemo } from 'react';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { useServerList } from '../../state/lists/lists-store';
import { detailsToRender, useLiveAppsStore, type LiveApp } from './apps/live-apps-store';
import { listEntries } from './tool-facts';
import { ToolDetail } from './ToolDetail';
import { findingsByTool, lintListKey, useToolLintStore } from './tool-lint-store';
import './kept-tool-details.css';

/**
 * The shown tool's detail, and, hidden, the details of other tools whose MCP App is open, so
 * that switching server or tool and back finds the app as it was (an unmounted frame reloads).
 */
export function KeptToolDetails({ shown }: { shown: LiveApp | undefined }) {
  const apps = useLiveAppsStore((state) => state.apps);
  const details = detailsToRender(apps, shown);
  return (
    <>
      {details.map((detail) => {
        const isShown = detail.serverId === shown?.serverId && detail.listKey === shown.listKey;
        return (
          // Not `hidden`: a frame without layout would tell its app it shrank to nothing; this one keeps its size, out of sight.
          <div key={`${detail.serverId}\u0000${detail.listKey}`} className={isShown ? undefined : 'kept-tool-detail--away'} inert={!isShown} aria-hidden={!isShown || undefined}>
            <ToolDetailOf {...detail} />
          </div>
        );
      })}
      {!shown && <p className="empty-state">Select a tool to see its details and run it.</p>}
    </>
  );
}

/** One server's tool detail, with what it needs read from that server's stores. */
function ToolDetailOf({ serverId, listKey }: LiveApp) {
  const connected = statusOf(useConnection(serverId)) === 'connected';
  const tools = useServerList(serverId, 'tools');
  const entry = useMemo(() => listEntries(tools?.items ?? []).find((candidate) => candidate.key === listKey), [tools, listKey]);
  const lint = useToolLintStore((state) => state.byServer[serverId]);
  const runLint = useToolLintStore((state) => state.lint);
  const currentListKey = lintListKey(tools);
  const report = lint?.listKey === currentListKey ? lint?.report : undefined;
  const findings = useMemo(() => (entry ? (findingsByTool(report).get(entry.tool.name) ?? []) : []), [report, entry]);
  if (!entry) return null;
  return (
    <ToolDetail
      serverId={serverId}
      tool={entry.tool}
      listKey={listKey}
      sameName={entry.sameName}
      connected={connected}
      lint={{
        findings,
        checking: lint?.status === 'checking',
        error: lint?.status === 'failed' ? lint.error : undefined,
        onLintAgain: () => currentListKey && void runLint(serverId, currentListKey, true),
      }}
    />
  );
}
