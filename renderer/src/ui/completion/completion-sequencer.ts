import type { RpcOutcome } from '../../../../shared/mcp.js';

/** What a completion field shows under its input. */
export type CompletionState =
  | { status: 'idle' }
  /** `values` are the previous suggestions, kept while the next ones load. */
  | { status: 'loading'; values: string[] }
  | { status: 'done'; values: string[]; total?: number; hasMore: boolean }
  | { status: 'failed'; message: string };

/** The MCP spec caps a completion reply at 100 values; a server that sends more is cut here. */
export const MAX_COMPLETION_VALUES = 100;
const METHOD_NOT_FOUND = -32601;

/** Reads `completion/complete`'s result leniently: whatever is usable is shown. */
export function completionStateOf(outcome: RpcOutcome): CompletionState {
  if (outcome.failure) return { status: 'failed', message: outcome.failure.message };
  const completion = (outcome.result as { completion?: unknown } | undefined)?.completion;
  if (typeof completion !== 'object' || completion === null) {
    return { status: 'failed', message: 'The server replied without a completion object.' };
  }
  const { values, total, hasMore } = completion as { values?: unknown; total?: unknown; hasMore?: unknown };
  if (!Array.isArray(values)) return { status: 'failed', message: 'The server’s completion has no list of values.' };
  const strings = values.filter((value): value is string => typeof value === 'string');
  return {
    status: 'done',
    values: strings.slice(0, MAX_COMPLETION_VALUES),
    ...(typeof total === 'number' ? { total } : {}),
    hasMore: hasMore === true || strings.length > MAX_COMPLETION_VALUES,
  };
}

export interface CompletionTransport {
  request: (callId: string, value: string, context: Record<string, string>) => Promise<RpcOutcome>;
  /** Tells the server to stop a request whose answer is no longer wanted. */
  cancel: (callId: string) => void;
}

export interface CompletionSequencerOptions {
  debounceMs: number;
  newCallId: () => string;
}

/**
 * Completion requests for one field: typing schedules a request after a pause, a newer request
 * cancels the one still under way (`calls.cancel`), and only the newest answer is ever shown.
 * A server that does not know `completion/complete` is not asked again.
 */
export class CompletionSequencer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: string | undefined;
  private generation = 0;
  private lastValues: string[] = [];
  private unsupported = false;
  private disposed = false;

  constructor(
    private readonly transport: CompletionTransport,
    private readonly onState: (state: CompletionState) => void,
    private readonly options: CompletionSequencerOptions,
  ) {}

  /** After the user pauses typing. */
  schedule(value: string, context: Record<string, string>): void {
    if (this.disposed || this.unsupported) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start(value, context);
    }, this.options.debounceMs);
  }

  /** At once (e.g. when the field gets focus). */
  requestNow(value: string, context: Record<string, string>): void {
    if (this.disposed || this.unsupported) return;
    this.clearTimer();
    this.start(value, context);
  }

  /** Drops any pending or running request (its answer will be ignored). */
  stop(): void {
    this.clearTimer();
    this.cancelInFlight();
    this.generation++;
  }

  dispose(): void {
    this.stop();
    this.disposed = true;
  }

  private start(value: string, context: Record<string, string>): void {
    this.cancelInFlight();
    const generation = ++this.generation;
    const callId = this.options.newCallId();
    this.inFlight = callId;
    this.onState({ status: 'loading', values: this.lastValues });
    const settle = (state: CompletionState) => {
      if (generation !== this.generation || this.disposed) return;
      this.inFlight = undefined;
      this.lastValues = state.status === 'done' ? state.values : [];
      this.onState(state);
    };
    this.transport.request(callId, value, context).then(
      (outcome) => {
        if (outcome.failure?.code === METHOD_NOT_FOUND && generation === this.generation) this.unsupported = true;
        settle(completionStateOf(outcome));
      },
      (error: unknown) =>
        settle({ status: 'failed', message: error instanceof Error && error.message ? error.message : String(error) }),
    );
  }

  private cancelInFlight(): void {
    if (this.inFlight === undefined) return;
    const callId = this.inFlight;
    this.inFlight = undefined;
    this.transport.cancel(callId);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The values of the other fields that are filled in, for `context.arguments`. */
export function completionContext(values: Readonly<Record<string, string>>, exceptName: string): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (name !== exceptName && value !== '') context[name] = value;
  return context;
}
