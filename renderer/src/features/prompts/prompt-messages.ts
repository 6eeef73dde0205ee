import { isObject } from '../../../../shared/is-object';
/** Reads a `prompts/get` result leniently: whatever is usable is shown, the rest is explained. Pure. */

export interface PromptMessageView {
  /** `user` or `assistant` by the spec; whatever the server sent otherwise (undefined when missing). */
  role: string | undefined;
  /** The content as sent: one content block by the spec, but shown whatever its shape. */
  content: unknown;
  /** Why this message breaks the spec, if it does. */
  problem?: string;
}

export type PromptMessagesResult =
  | { ok: true; description?: string; messages: PromptMessageView[] }
  | { ok: false; problem: string; description?: string };

export function promptMessagesOf(result: unknown): PromptMessagesResult {
  if (!isObject(result)) return { ok: false, problem: 'The reply is not an object.' };
  const description = typeof result.description === 'string' ? result.description : undefined;
  const withDescription = description !== undefined ? { description } : {};
  if (result.messages === undefined) return { ok: false, problem: 'The reply has no messages.', ...withDescription };
  if (!Array.isArray(result.messages)) return { ok: false, problem: 'The reply’s messages is not a list.', ...withDescription };
  const messages = result.messages.map((raw): PromptMessageView => {
    if (!isObject(raw)) return { role: undefined, content: raw, problem: 'This message is not an object.' };
    const role = typeof raw.role === 'string' ? raw.role : undefined;
    const problems: string[] = [];
    if (role === undefined) problems.push('it has no role');
    else if (role !== 'user' && role !== 'assistant') problems.push(`its role “${role}” is neither user nor assistant`);
    if (raw.content === undefined) problems.push('it has no content');
    return { role, content: raw.content, ...(problems.length > 0 ? { problem: `This message breaks the spec: ${problems.join(', ')}.` } : {}) };
  });
  return { ok: true, messages, ...withDescription };
}

/** The values to send: every filled-in field (empty optional fields are left out). */
export function argumentsToSend(values: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const name of names) {
    const value = values[name];
    if (value !== undefined && value !== '') sent[name] = value;
  }
  return sent;
}

/** Required arguments left empty. */
export function missingRequired(values: Readonly<Record<string, string>>, args: ReadonlyArray<{ name: string; required?: boolean }>): string[] {
  return args.filter((argument) => argument.required && !values[argument.name]).map((argument) => argument.name);
}
