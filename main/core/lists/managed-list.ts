import type { ListState } from '../../../shared/lists.js';
import type { ListOutcome } from '../../../shared/mcp.js';
import { ListNotOffered } from './fetch-all-pages.js';

/** How long after a `list_changed` the list is fetched again: a burst of notifications costs one reload. */
export const LIST_CHANGED_DEBOUNCE_MS = 150;

export interface ManagedListOptions<T> {
  /** False when the server did not announce the list's capability: no request is ever sent. */
  supported: boolean;
  /** Fetches the whole list (every page); rejects with one sentence on failure. */
  fetch(force: boolean): Promise<ListOutcome<T>>;
  /** Called with every new state (its revision one higher than the last). */
  onChange(state: ListState<T>): void;
  debounceMs?: number;
}

function errorSentence(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One list (tools, resources, templates or prompts) of one connection, owned by the core.
 * Capability-gated, loaded on request, reloaded once after a burst of `list_changed`
 * notifications, one load at a time (a forced reload asked for while one runs follows it, once).
 * A failure is the list's state, never thrown out of `reload`.
 */
export class ManagedList<T> {
  private current: ListState<T>;
  private running: Promise<ListOutcome<T>> | undefined;
  private queued: Promise<ListOutcome<T>> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly options: ManagedListOptions<T>) {
    this.current = { status: options.supported ? 'idle' : 'unsupported', revision: 1, items: [], pages: 0, violations: [] };
  }

  get state(): ListState<T> {
    return this.current;
  }

  get supported(): boolean {
    return this.options.supported;
  }

  /**
   * Loads the list and returns what the server sent; rejects when the load failed (the state
   * says why too). Without `force` a load under way is shared, and the core's cache may answer.
   */
  load(force: boolean): Promise<ListOutcome<T>> {
    if (!this.options.supported) return Promise.reject(new Error('The server does not offer this list.'));
    if (!this.running) return this.start(force);
    if (!force) return this.running;
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.running ?? this.start(true);
      });
    return this.queued;
  }

  /** Loads the list and returns its state; a failure is in the state. */
  async reload(force: boolean): Promise<ListState<T>> {
    if (!this.options.supported) return this.current;
    try {
      await this.load(force);
    } catch {
      // The state holds the failure.
    }
    return this.current;
  }

  /** The server announced `list_changed`: noted at once, fetched again after the debounce (when `refetch`). */
  changed(refetch: boolean): void {
    if (this.disposed || !this.options.supported) return;
    this.set({ ...this.current, changedAt: Date.now() });
    if (!refetch || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.disposed) void this.reload(true);
    }, this.options.debounceMs ?? LIST_CHANGED_DEBOUNCE_MS);
  }

  /** The connection ended: no more loads or changes. */
  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(force: boolean): Promise<ListOutcome<T>> {
    const run: Promise<ListOutcome<T>> = this.fetchInto(force).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async fetchInto(force: boolean): Promise<ListOutcome<T>> {
    const { error: _error, ...previous } = this.current;
    this.set({ ...previous, status: 'loading' });
    const changedAt = () => (this.current.changedAt !== undefined ? { changedAt: this.current.changedAt } : {});
    try {
      const outcome = await this.options.fetch(force);
      this.set({
        status: 'loaded',
        revision: this.current.revision,
        items: outcome.items,
        pages: outcome.pages,
        violations: outcome.violations,
        fetchedAt: outcome.fetchedAt,
        ...(outcome.hints ? { hints: outcome.hints } : {}),
        ...(outcome.fromCache ? { fromCache: true } : {}),
        ...changedAt(),
      });
      return outcome;
    } catch (error) {
      const status = error instanceof ListNotOffered ? 'unsupported' : 'failed';
      this.set({ status, revision: this.current.revision, items: [], pages: 0, violations: [], error: errorSentence(error), ...changedAt() });
      throw error;
    }
  }

  private set(next: ListState<T>): void {
    if (this.disposed) return;
    this.current = { ...next, revision: this.current.revision + 1 };
    this.options.onChange(this.current);
  }
}
