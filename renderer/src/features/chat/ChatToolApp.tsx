import { createElement, useMemo, useState } from 'react';
import type { ChatToolTurn, ChatTurn } from '../../../../shared/chat';
import { isObject } from '../../../../shared/is-object';
import { useConnection } from '../../state/connections/connections-store';
import { useChatStore } from './chat-store';
import { chatSlots } from './slots';

/** The index of the latest tool turn whose tool has an app and answered. */
function latestAppTurn(turns: readonly ChatTurn[]): number | undefined {
  for (let index = turns.length - 1; index >= 0; index--) {
    const turn = turns[index]!;
    if (turn.type === 'tool' && turn.app && turn.status === 'done') return turn.index;
  }
  return undefined;
}

const NO_TURNS: readonly ChatTurn[] = [];

/**
 * A tool result's MCP App, inline in the chat as in the Tools pane. The latest one opens by itself;
 * earlier ones (each a frame of its own) open on the person's click.
 */
export function ChatToolApp({ conversationId, turn }: { conversationId: string; turn: ChatToolTurn }) {
  return turn.app && turn.status === 'done' ? <AppOfTurn conversationId={conversationId} turn={turn} /> : null;
}

function AppOfTurn({ conversationId, turn }: { conversationId: string; turn: ChatToolTurn }) {
  // The turns array keeps its identity while text streams in, so the scan runs once per new turn.
  const turns = useChatStore((state) => state.shown.find((chat) => chat.conversation.id === conversationId)?.conversation.turns ?? NO_TURNS);
  const latest = useMemo(() => latestAppTurn(turns), [turns]);
  const connected = useConnection(turn.serverId)?.status === 'connected';
  const [open, setOpen] = useState<boolean | null>(null);
  const app = turn.app;
  if (!app || turn.status !== 'done') return null;
  if (!connected) return <p className="muted">This tool has an MCP App ({app.resourceUri}); it opens here while its server is connected.</p>;
  if (!(open ?? latest === turn.index)) {
    return (
      <p className="muted">
        This tool has an MCP App ({app.resourceUri}).{' '}
        <button type="button" className="button button--small" onClick={() => setOpen(true)}>
          Open its app
        </button>
      </p>
    );
  }
  return (
    <>
      {turn.resultClipped && <p className="muted">The result was too large to keep whole: the app gets the arguments only.</p>}
      {createElement(chatSlots.ToolResultApp.get(), {
        serverId: turn.serverId,
        toolName: turn.tool,
        uri: app.resourceUri,
        toolInput: isObject(turn.arguments) ? turn.arguments : {},
        ...(turn.resultClipped ? {} : { toolResult: turn.result }),
        onClosed: () => setOpen(false),
      })}
    </>
  );
}
