import { Suspense } from 'react';
import type { JsonObject } from '../../../../../shared/mcp';
import { useListsStore } from '../../../state/lists/lists-store';
import { LazyAppView } from './lazy-app-view';
import './tool-app.css';

export interface InlineToolAppProps {
  serverId: string;
  /** The tool's name on its server: its entry in the server's list gives the app its tool info. */
  toolName: string;
  /** The app's `ui://` resource. */
  uri: string;
  toolInput: JsonObject;
  /** The result the app is sent; none when it was not kept whole. */
  toolResult?: unknown;
  onClosed: () => void;
}

/** A tool result's MCP App, hosted as in the Tools pane, for a result shown elsewhere (the chat). */
export function InlineToolApp({ serverId, toolName, uri, toolInput, toolResult, onClosed }: InlineToolAppProps) {
  const tool = useListsStore((state) => state.byServer[serverId]?.tools?.items.find((item) => item.name === toolName));
  return (
    <div className="tool-app">
      <Suspense fallback={<p className="field__hint">Loading the app host…</p>}>
        <LazyAppView
          serverId={serverId}
          uri={uri}
          toolInput={toolInput}
          {...(toolResult !== undefined ? { toolResult } : {})}
          {...(tool ? { tool } : {})}
          onClosed={onClosed}
        />
      </Suspense>
    </div>
  );
}
