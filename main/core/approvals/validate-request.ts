import type { ApprovalKind } from '../../../shared/approvals.js';
import { isObject } from '../../../shared/is-object.js';

export const SAMPLING_METHOD = 'sampling/createMessage';
export const ELICITATION_METHOD = 'elicitation/create';

/** Problems listed in one sentence; a request with thousands of bad messages still gets a readable answer. */
const MAX_LISTED_PROBLEMS = 10;

/** The approval kind of a request this module answers, or undefined for any other method. */
export function approvalKind(method: string, params: unknown): ApprovalKind | undefined {
  if (method === SAMPLING_METHOD) return 'sampling';
  if (method === ELICITATION_METHOD) return isObject(params) && params.mode === 'url' ? 'elicitation-url' : 'elicitation-form';
  return undefined;
}

function contentProblems(content: unknown, where: string): string[] {
  const isBlock = (block: unknown) => isObject(block) && typeof block.type === 'string';
  if (Array.isArray(content)) {
    return content.flatMap((block, index) => (isBlock(block) ? [] : [`${where}.content[${index}] must be an object with a "type"`]));
  }
  return isBlock(content) ? [] : [`${where}.content must be an object with a "type", or a list of them`];
}

function messageProblems(message: unknown, index: number): string[] {
  const where = `messages[${index}]`;
  if (!isObject(message)) return [`${where} must be an object`];
  const problems: string[] = [];
  if (message.role !== 'user' && message.role !== 'assistant') problems.push(`${where}.role must be "user" or "assistant"`);
  problems.push(...contentProblems(message.content, where));
  return problems;
}

/** Checks what a client needs to answer sampling; anything else the server sends is left alone. */
function samplingProblems(params: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const messages = params.messages;
  if (messages === undefined) problems.push('"messages" is missing');
  else if (!Array.isArray(messages)) problems.push('"messages" must be a list');
  else if (messages.length === 0) problems.push('"messages" is empty');
  else problems.push(...messages.flatMap(messageProblems));
  if (params.maxTokens === undefined) problems.push('"maxTokens" is missing');
  else if (typeof params.maxTokens !== 'number' || !Number.isFinite(params.maxTokens)) problems.push('"maxTokens" must be a number');
  return problems;
}

function stringProblem(params: Record<string, unknown>, key: string): string[] {
  const value = params[key];
  if (value === undefined) return [`"${key}" is missing`];
  return typeof value === 'string' && value !== '' ? [] : [`"${key}" must be a non-empty string`];
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function elicitationProblems(params: Record<string, unknown>): string[] {
  const mode = params.mode;
  if (mode !== undefined && mode !== 'form' && mode !== 'url') return ['"mode" must be "form" or "url"', ...stringProblem(params, 'message')];
  const problems = stringProblem(params, 'message');
  if (mode === 'url') {
    const url = params.url;
    if (url === undefined) problems.push('"url" is missing');
    else if (typeof url !== 'string' || !isWebUrl(url)) problems.push('"url" must be an http or https URL');
    problems.push(...stringProblem(params, 'elicitationId'));
    return problems;
  }
  const schema = params.requestedSchema;
  if (schema === undefined) problems.push('"requestedSchema" is missing');
  else if (!isObject(schema)) problems.push('"requestedSchema" must be an object');
  else {
    if (schema.type !== 'object') problems.push('"requestedSchema.type" must be "object"');
    if (!isObject(schema.properties)) problems.push('"requestedSchema.properties" must be an object');
  }
  return problems;
}

/**
 * Why a sampling or elicitation request cannot be answered, as one sentence, or undefined when
 * it is well formed. Lenient: only what a person needs to answer it is checked.
 */
export function describeMalformed(method: string, params: unknown): string | undefined {
  let problems: string[];
  if (params === undefined) problems = ['the params are missing'];
  else if (!isObject(params)) problems = ['the params must be an object'];
  else problems = method === SAMPLING_METHOD ? samplingProblems(params) : elicitationProblems(params);
  if (problems.length === 0) return undefined;
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = problems.length - listed.length;
  return `Malformed ${method} request: ${listed.join('; ')}${more > 0 ? `; and ${more} more problem(s)` : ''}.`;
}
