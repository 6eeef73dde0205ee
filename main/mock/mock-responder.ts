/**
 * A recording answering as a server: each request gets the recorded response of a recorded request
 * with the same method and matching params (exact, less the ignored paths; or by method only).
 * Several matching recordings answer in the order they were recorded, the last one again after
 * that. A request nothing matches gets a JSON-RPC error that names the closest recording and where
 * it differs. Neither era is assumed: `initialize`, `server/discover` and everything else are
 * answered as they were recorded, and a method never recorded is "method not found", which is
 * what a 2026-07-28 client's probe of a 2025 recording expects.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../shared/is-object.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH } from '../core/base/message-depth.js';
import { parsePointer, toPointer, type PathSegment } from '../../shared/json-pointer.js';
import type { MockMatching } from '../../shared/proxy.js';
import type { RecordedCall, Recording } from './recording.js';

/** Params paths left out of exact matching unless asked: per-request metadata (progress tokens, 2026-07-28 `_meta`). */
export const DEFAULT_IGNORED = ['/_meta'];
/** Set-up requests carry the client's own identity: any recorded one answers (as the recording's server did). */
const MATCHED_BY_METHOD: ReadonlySet<string> = new Set(['initialize', 'server/discover', 'subscriptions/listen']);
/** Requests answered the same in any recording: the protocol's own no-op. */
const ALWAYS_ANSWERED: Record<string, string> = { ping: '{}' };
const MAX_DIFFERENCES_SHOWN = 3;
const MAX_VALUE_CHARS = 80;

export const MOCK_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, noMatch: -32602 } as const;

export interface MockOptions {
  matching: MockMatching;
  /** JSON Pointers into params left out of exact matching. */
  ignore: string[];
}

/** The params without the ignored paths (a copy). */
function withoutIgnored(params: unknown, ignored: readonly string[][]): unknown {
  if (!isObject(params) && !Array.isArray(params)) return params;
  const copy = structuredClone(params) as Record<PathSegment, unknown>;
  for (const path of ignored) {
    let node: unknown = copy;
    for (const segment of path.slice(0, -1)) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (isObject(node) || Array.isArray(node)) delete (node as Record<string, unknown>)[path.at(-1)!];
  }
  return copy;
}

/** Where two values differ, as JSON Pointers (at most `limit`). */
function differences(a: unknown, b: unknown, limit: number, at: PathSegment[] = [], found: string[] = []): string[] {
  if (found.length >= limit) return found;
  if ((isObject(a) && isObject(b)) || (Array.isArray(a) && Array.isArray(b))) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], limit, [...at, key], found);
    return found;
  }
  if (!isDeepStrictEqual(a, b)) found.push(toPointer(at));
  return found;
}

function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of parsePointer(pointer)) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

interface Outcome {
  reply?: { field: 'result' | 'error'; text: string };
  /** A request that was recorded but never answered: no response is sent (as in the recording). */
  silent?: true;
}

export class MockResponder {
  private readonly ignored: string[][];
  private readonly byMethod = new Map<string, RecordedCall[]>();
  /** How many times each recorded call answered already, so repeats go in recorded order. */
  private readonly used = new Map<RecordedCall, number>();

  constructor(
    private readonly recording: Recording,
    private readonly options: MockOptions,
  ) {
    this.ignored = options.ignore.map(parsePointer);
    for (const call of recording.calls) {
      const list = this.byMethod.get(call.method) ?? [];
      list.push(call);
      this.byMethod.set(call.method, list);
    }
  }

  /** The response line to one line the client wrote; undefined when nothing is to be sent back. */
  answerLine(line: string): string | undefined {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      if (line.trim() === '') return undefined;
      return errorText(null, MOCK_ERRORS.parse, 'The mock could not read this line as JSON.');
    }
    if (Array.isArray(message)) {
      const answers = message.map((item) => this.answer(item)).filter((answer): answer is string => answer !== undefined);
      return answers.length > 0 ? `[${answers.join(',')}]` : undefined;
    }
    return this.answer(message);
  }

  /** The response to one message; undefined for notifications and responses (a mock answers requests only). */
  answer(message: unknown): string | undefined {
    if (!isObject(message) || message.jsonrpc !== '2.0') return errorText(null, MOCK_ERRORS.invalidRequest, 'Not a JSON-RPC 2.0 message.');
    if (typeof message.method !== 'string' || message.id === undefined) return undefined;
    const id = message.id;
    if (typeof id !== 'string' && typeof id !== 'number') return errorText(null, MOCK_ERRORS.invalidRequest, 'A request id must be a string or a number.');
    // Matching copies and compares params recursively: a deeper request would overflow the stack.
    if (exceedsDepth(message)) return errorText(id, MOCK_ERRORS.invalidRequest, `The request is nested more than ${MAX_MESSAGE_DEPTH} levels deep; the mock matches requests up to ${MAX_MESSAGE_DEPTH}.`);
    const outcome = this.find(message.method, message.params);
    if ('error' in outcome) return errorText(id, outcome.error.code, outcome.error.message, outcome.error.data);
    if (outcome.silent) return undefined;
    return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"${outcome.reply!.field}":${outcome.reply!.text}}`;
  }

  private find(method: string, params: unknown): Outcome | { error: { code: number; message: string; data?: unknown } } {
    const recorded = this.byMethod.get(method) ?? [];
    if (recorded.length === 0) {
      if (ALWAYS_ANSWERED[method] !== undefined) return { reply: { field: 'result', text: ALWAYS_ANSWERED[method] } };
      const methods = [...this.byMethod.keys()];
      return {
        error: {
          code: MOCK_ERRORS.methodNotFound,
          message: `Method not found: the recording (${this.recording.source}) has no ${method} request${methods.length > 0 ? `; it has ${methods.slice(0, 12).join(', ')}` : ''}.`,
        },
      };
    }
    const wanted = withoutIgnored(params, this.ignored);
    const matches = this.options.matching === 'method' || MATCHED_BY_METHOD.has(method) ? recorded : recorded.filter((call) => isDeepStrictEqual(withoutIgnored(call.params, this.ignored), wanted));
    if (matches.length === 0) return { error: this.noMatch(method, recorded, wanted) };
    const call = matches.find((candidate) => (this.used.get(candidate) ?? 0) === 0) ?? matches.at(-1)!;
    this.used.set(call, (this.used.get(call) ?? 0) + 1);
    return call.reply ? { reply: call.reply } : { silent: true };
  }

  private noMatch(method: string, recorded: RecordedCall[], wanted: unknown): { code: number; message: string; data: unknown } {
    let closest = recorded[0]!;
    let closestDifferences = differences(withoutIgnored(closest.params, this.ignored), wanted, Number.POSITIVE_INFINITY);
    for (const call of recorded.slice(1)) {
      const found = differences(withoutIgnored(call.params, this.ignored), wanted, closestDifferences.length);
      if (found.length < closestDifferences.length) {
        closest = call;
        closestDifferences = differences(withoutIgnored(call.params, this.ignored), wanted, Number.POSITIVE_INFINITY);
      }
    }
    const recordedParams = withoutIgnored(closest.params, this.ignored);
    const where = closestDifferences
      .slice(0, MAX_DIFFERENCES_SHOWN)
      .map((pointer) => `at ${pointer || '/'} it was ${shown(valueAt(recordedParams, pointer))}, now ${shown(valueAt(wanted, pointer))}`)
      .join('; ');
    return {
      code: MOCK_ERRORS.noMatch,
      message: `No recorded ${method} request matches these params. The closest is entry #${closest.seq} of ${this.recording.source}: ${where}${closestDifferences.length > MAX_DIFFERENCES_SHOWN ? ` (and ${closestDifferences.length - MAX_DIFFERENCES_SHOWN} more differences)` : ''}.`,
      data: { closestSeq: closest.seq, recordedParams: closest.params, differences: closestDifferences.slice(0, 20) },
    };
  }
}

function errorText(id: string | number | null, code: number, message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } });
}
