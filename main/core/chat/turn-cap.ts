import { MAX_TURN_TEXT_CHARS, type ChatTurn } from '../../../shared/chat.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { cutLength } from '../../../shared/text-cut.js';
import { clipToolResult } from './clip-tool-result.js';

/** The text within MAX_TURN_TEXT_CHARS (never half a surrogate pair), and how many characters were left out. */
export function capText(text: string): { text: string; notKept: number } {
  if (text.length <= MAX_TURN_TEXT_CHARS) return { text, notKept: 0 };
  const end = cutLength(text, MAX_TURN_TEXT_CHARS);
  return { text: text.slice(0, end), notKept: text.length - end };
}

/**
 * A turn within what a conversation keeps, whoever made it: a model's step is kept within the
 * bound as it streams, but a saved file written by an older version, or edited by hand, may hold
 * more. Texts are cut to MAX_TURN_TEXT_CHARS (`textNotKept` counts the rest), a tool result and a
 * context's content clipped as a new one would be.
 */
export function capTurn(turn: ChatTurn): ChatTurn {
  switch (turn.type) {
    case 'user':
    case 'assistant':
    case 'notice': {
      if (typeof turn.text !== 'string' || turn.text.length <= MAX_TURN_TEXT_CHARS) return turn;
      const { text, notKept } = capText(turn.text);
      return { ...turn, text, textNotKept: (turn.textNotKept ?? 0) + notKept };
    }
    case 'tool': {
      if (turn.result === undefined) return turn;
      const kept = clipToolResult(turn.result);
      return kept.clipped ? { ...turn, result: kept.result, resultClipped: true } : turn;
    }
    case 'context': {
      if (!Array.isArray(turn.content)) return turn;
      const kept = clipToolResult({ content: turn.content });
      if (!kept.clipped) return turn;
      const content = isObject(kept.result) && Array.isArray(kept.result.content) ? (kept.result.content as JsonObject[]) : [];
      return { ...turn, content };
    }
    default:
      return turn;
  }
}
