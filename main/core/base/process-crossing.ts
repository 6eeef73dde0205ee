/**
 * What may cross between Loupe's processes (the host or the Electron main process and the core,
 * over Node's IPC channel or a utilityProcess port). The receiving side deserializes a message with
 * recursion of its own, outside any code of ours: a value nested about 1,930 levels deep (objects;
 * arrays go deeper) overflows its stack and kills the process (tests/core/process-crossing.test.ts
 * measures where). So the sender checks every message first, and refuses what is deeper or larger
 * than these bounds with a sentence.
 */
import { LoupeError } from '../../../shared/wire.js';
import { measureBounds } from './message-depth.js';

/** How deep a value (request parameters, a reply, an event's payload) may nest to cross. */
export const MAX_CROSSING_DEPTH = 1_000;
/** The levels a channel message adds around its value (`{ type, params }`). */
export const CROSSING_ENVELOPE_DEPTH = 1;
/** How many characters (strings and keys) one message may carry across. */
export const MAX_CROSSING_CHARS = 256 * 1024 * 1024;

/** A message that may not cross: its sentence says what was too deep or too large, and the limit. */
export class CrossingError extends LoupeError {
  constructor(message: string, code: 'too-deep' | 'too-large') {
    super(message, code);
    this.name = 'CrossingError';
  }
}

/**
 * Why `value` may not cross, as the error to throw or return. `what` names it, in the plural
 * ("The tools.call request's parameters"); `maxDepth` counts the levels of `value` itself.
 */
export function crossingProblem(value: unknown, what: string, maxDepth = MAX_CROSSING_DEPTH): CrossingError | undefined {
  const exceeded = measureBounds(value, maxDepth, MAX_CROSSING_CHARS);
  if (exceeded === 'depth') {
    const limit = maxDepth.toLocaleString('en');
    return new CrossingError(`${what} nest more than ${limit} levels deep; Loupe passes at most ${limit} levels between its processes.`, 'too-deep');
  }
  if (exceeded === 'size') {
    return new CrossingError(`${what} hold more than ${MAX_CROSSING_CHARS / 1024 / 1024} M characters; Loupe passes at most that between its processes.`, 'too-large');
  }
  return undefined;
}

/** For the channels themselves: throws when a whole message (its value inside the envelope) may not cross. */
export function assertCrossable(message: { type: string }): void {
  const problem = crossingProblem(message, `The ${message.type} message's contents`, MAX_CROSSING_DEPTH + CROSSING_ENVELOPE_DEPTH);
  if (problem) throw problem;
}

/**
 * The same bound for the CLI, whose core runs in its own process: what the user hands it (`--args`,
 * a reply file) is refused with a sentence past the depth the app takes, so it behaves alike in every shell.
 */
export function inputTooDeep(value: unknown, what: string): string | undefined {
  if (measureBounds(value, MAX_CROSSING_DEPTH) !== 'depth') return undefined;
  const limit = MAX_CROSSING_DEPTH.toLocaleString('en');
  return `${what} nests more than ${limit} levels deep; Loupe takes at most ${limit}, as the app does.`;
}
