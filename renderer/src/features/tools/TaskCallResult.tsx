import type { ToolInfo } from '../../../../shared/mcp';
import { useServerList } from '../../state/lists/lists-store';
import { toolsSlots } from './slots';
import type { ToolRun } from './run-history';
import { ToolResultView } from './ToolResultView';
import { useToolsStore } from './tools-store';

function findRun(history: Record<string, ToolRun[]>, serverId: string, callId: string): ToolRun | undefined {
  for (const runs of Object.values(history)) {
    const run = runs.find((candidate) => candidate.callId === callId && candidate.serverId === serverId);
    if (run) return run;
  }
  return undefined;
}

/**
 * The result of the tool call a task belongs to, as the Tools tab shows it (the Tasks tab shows it
 * through its slot), or a sentence when this window no longer keeps that run.
 */
export function TaskCallResult({ serverId, callId }: { serverId: string; callId: string }) {
  const run = useToolsStore((state) => findRun(state.history, serverId, callId));
  const progress = useToolsStore((state) => state.progress[callId]);
  const tools = useServerList(serverId, 'tools');
  if (!run || run.status !== 'done') {
    return <p className="muted">This window no longer keeps the result of this call; the traffic log has the server’s reply.</p>;
  }
  const tool: ToolInfo = tools?.items.find((item) => item.name === run.toolName) ?? { name: run.toolName, inputSchema: { type: 'object' } };
  return (
    <ToolResultView
      run={run}
      tool={tool}
      progress={progress}
      onCancel={() => void useToolsStore.getState().cancel(callId)}
      onOpenResource={(uri) => toolsSlots.openResource.get()(serverId, uri)}
    />
  );
}
