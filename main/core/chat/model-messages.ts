import type { AssistantContent, ModelMessage, ToolResultPart } from 'ai';
import type { ChatAssistantTurn, ChatContextTurn, ChatToolTurn, ChatTurn } from '../../../shared/chat.js';
import { toolOutput, userPart, type ToolOutput, type UserPart } from '../models/mcp-content.js';

function contextParts(turn: ChatContextTurn): UserPart[] {
  const source = turn.source.kind === 'resource' ? `the resource ${turn.source.uri}` : `the prompt "${turn.source.name}"`;
  const header: UserPart = { type: 'text', text: `Context added by the person: ${source} from the server "${turn.serverName}".` };
  const parts: UserPart[] = [header];
  turn.content.forEach((block, index) => {
    try {
      parts.push(userPart(block, `content[${index}]`));
    } catch (error) {
      parts.push({ type: 'text', text: `[${error instanceof Error ? error.message : String(error)}]` });
    }
  });
  return parts;
}

/**
 * The arguments each call was made with where a person edited them: the model is given the call
 * that was made beside its result (the transcript keeps what it proposed, in its own turn).
 */
function editedArguments(turns: readonly ChatTurn[]): Map<string, unknown> {
  const edited = new Map<string, unknown>();
  for (const turn of turns) if (turn.type === 'tool' && turn.edited && (turn.status === 'done' || turn.status === 'failed')) edited.set(turn.toolCallId, turn.arguments);
  return edited;
}

function assistantContent(turn: ChatAssistantTurn, edited: ReadonlyMap<string, unknown>): AssistantContent {
  return [
    ...(turn.text !== '' ? [{ type: 'text' as const, text: turn.text }] : []),
    ...turn.toolCalls.map((call) => {
      const made = edited.has(call.toolCallId) ? edited.get(call.toolCallId) : call.arguments;
      return {
        type: 'tool-call' as const,
        toolCallId: call.toolCallId,
        toolName: call.modelToolName,
        input: typeof made === 'object' && made !== null ? made : {},
      };
    }),
  ];
}

function outputOf(turn: ChatToolTurn, withMedia: boolean): ToolOutput {
  switch (turn.status) {
    case 'done':
      return toolOutput(turn.result, withMedia);
    case 'refused':
      return { type: 'error-text', value: turn.failure ?? 'The person refused this tool call.' };
    default:
      return { type: 'error-text', value: turn.failure ?? 'The call was not made.' };
  }
}

/**
 * The conversation as the model is given it: the person's messages and context, its own steps
 * (text and tool calls, with the arguments a person edited), and a result for every tool call (an error text for a call refused, not
 * made or failed; and for one the conversation never answered, e.g. when restarted from there).
 * `withMedia`: the API takes images in tool results (Anthropic's does).
 */
export function modelMessages(turns: readonly ChatTurn[], withMedia: boolean): ModelMessage[] {
  const messages: ModelMessage[] = [];
  const edited = editedArguments(turns);
  let open: Map<string, string> = new Map();
  let results: ToolResultPart[] = [];
  const closeToolRound = () => {
    for (const [toolCallId, toolName] of open) {
      results.push({ type: 'tool-result', toolCallId, toolName, output: { type: 'error-text', value: 'No result: the call was not made.' } });
    }
    if (results.length > 0) messages.push({ role: 'tool', content: results });
    open = new Map();
    results = [];
  };
  for (const turn of turns) {
    switch (turn.type) {
      case 'user':
        closeToolRound();
        messages.push({ role: 'user', content: turn.text });
        break;
      case 'context':
        closeToolRound();
        messages.push({ role: 'user', content: contextParts(turn) });
        break;
      case 'assistant': {
        closeToolRound();
        const content = assistantContent(turn, edited);
        if (content.length > 0) messages.push({ role: 'assistant', content });
        for (const call of turn.toolCalls) open.set(call.toolCallId, call.modelToolName);
        break;
      }
      case 'tool': {
        const toolName = open.get(turn.toolCallId);
        if (toolName === undefined) break;
        open.delete(turn.toolCallId);
        results.push({ type: 'tool-result', toolCallId: turn.toolCallId, toolName, output: outputOf(turn, withMedia) });
        break;
      }
      case 'notice':
        break;
    }
  }
  closeToolRound();
  return messages;
}
