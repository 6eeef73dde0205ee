import { readFile } from 'node:fs/promises';
import type { Approval, ApprovalDecision } from '../../shared/approvals.js';
import type { JsonObject } from '../../shared/mcp.js';
import { isObject } from '../../shared/is-object.js';
import { inputTooDeep } from '../core/base/process-crossing.js';

/**
 * A reply file (`--replies FILE`): how the CLI answers the requests a server sends to the client.
 *
 * {
 *   "sampling": { "result": { "role": "assistant", "content": { "type": "text", "text": "…" }, "model": "…" } }
 *            | { "reject": "why" },
 *   "elicitation": { "action": "accept", "content": { … }, "fillDefaults": true } | { "action": "decline" } | { "action": "cancel" }
 * }
 *
 * `fillDefaults` fills each field the content leaves out with its `default` from the requested schema.
 */
export interface Replies {
  sampling?: { result: JsonObject } | { reject: string };
  elicitation?: { action: 'accept'; content?: JsonObject; fillDefaults?: boolean } | { action: 'decline' | 'cancel' };
}

const MAX_REPLIES_BYTES = 1_000_000;

export class RepliesError extends Error {
  override name = 'RepliesError';
}

export function parseReplies(value: unknown, file: string): Replies {
  const bad = (why: string) => new RepliesError(`The reply file ${file} ${why}`);
  if (!isObject(value)) throw bad('must hold a JSON object with "sampling" and/or "elicitation".');
  const unknown = Object.keys(value).filter((key) => key !== 'sampling' && key !== 'elicitation');
  if (unknown.length > 0) throw bad(`has unknown keys: ${unknown.join(', ')} (expected "sampling" and "elicitation").`);
  const replies: Replies = {};
  const { sampling, elicitation } = value;
  if (sampling !== undefined) {
    if (isObject(sampling) && isObject(sampling.result)) replies.sampling = { result: sampling.result };
    else if (isObject(sampling) && typeof sampling.reject === 'string') replies.sampling = { reject: sampling.reject };
    else throw bad('has a "sampling" that is neither { "result": {…} } nor { "reject": "…" }.');
  }
  if (elicitation !== undefined) {
    const action = isObject(elicitation) ? elicitation.action : undefined;
    if (action === 'decline' || action === 'cancel') replies.elicitation = { action };
    else if (action === 'accept' && isObject(elicitation)) {
      if (elicitation.content !== undefined && !isObject(elicitation.content)) throw bad('has an elicitation "content" that is not an object.');
      replies.elicitation = {
        action,
        ...(isObject(elicitation.content) ? { content: elicitation.content } : {}),
        ...(elicitation.fillDefaults === true ? { fillDefaults: true } : {}),
      };
    } else throw bad('has an "elicitation" whose "action" is not accept, decline or cancel.');
  }
  return replies;
}

export async function readReplies(file: string): Promise<Replies> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new RepliesError(`Cannot read the reply file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  if (text.length > MAX_REPLIES_BYTES) throw new RepliesError(`The reply file ${file} is larger than 1 MB.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RepliesError(`The reply file ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const tooDeep = inputTooDeep(value, `The reply file ${file}`);
  if (tooDeep) throw new RepliesError(tooDeep);
  return parseReplies(value, file);
}

/** The requested schema's defaults, under the given content. */
function withDefaults(request: JsonObject, content: JsonObject): JsonObject {
  const schema = request.requestedSchema;
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const defaults: JsonObject = {};
  for (const [key, property] of Object.entries(properties)) {
    if (isObject(property) && property.default !== undefined) defaults[key] = property.default;
  }
  return { ...defaults, ...content };
}

export interface ReplyChoice {
  decision: ApprovalDecision;
  /** Set when no reply was given and the request is declined: said on stderr. */
  declined?: string;
}

/** How to answer a pending approval the saved auto-reply rules left unanswered. */
export function chooseReply(approval: Approval, replies: Replies | undefined): ReplyChoice {
  if (approval.kind === 'sampling') {
    const sampling = replies?.sampling;
    if (sampling && 'result' in sampling) return { decision: { action: 'approve', result: sampling.result } };
    if (sampling) return { decision: { action: 'reject', message: sampling.reject } };
    return {
      decision: { action: 'reject', message: 'No reply configured for sampling in the Loupe CLI.' },
      declined: 'The server asked for sampling; no auto-reply rule or --replies file answers it, so it was rejected.',
    };
  }
  const elicitation = replies?.elicitation;
  if (elicitation?.action === 'accept') {
    if (approval.kind === 'elicitation-url') return { decision: { action: 'accept' } };
    const content = elicitation.content ?? {};
    return { decision: { action: 'accept', content: elicitation.fillDefaults ? withDefaults(approval.request, content) : content } };
  }
  if (elicitation) return { decision: { action: elicitation.action } };
  return {
    decision: { action: 'decline' },
    declined: 'The server asked for input (elicitation); no --replies file answers it, so it was declined.',
  };
}
