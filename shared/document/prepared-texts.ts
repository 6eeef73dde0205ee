/**
 * Long texts handed to a document worker ahead of any view, each prepared as a document at once,
 * so a view that opens one finds it ready; kept within a budget of characters, and for a while.
 * The page's document worker gets them from the reply parser (see `SharedLongText` in the
 * renderer's bridge), the core's document thread from tool results it holds back (see
 * main/core/documents).
 */
import { DocumentCore } from './document-core.js';

/** A long text and its name in the worker that keeps it. */
export interface KeyedText {
  key: number;
  text: string;
}

export interface PreparedTextsLimits {
  /** Characters kept in all; the oldest texts go first. */
  keepChars: number;
  /** How long a text is kept; without it, until the budget needs its room. */
  keepMs?: number;
  /** How long an open waits for a text still on its way from the parse worker. */
  arrivalWaitMs: number;
  /** Prepared documents kept for the newest texts only (a 20 MB JSON tree takes about 150 MB); older ones are prepared again when opened. */
  preparedTexts?: number;
}

/** Why a text cannot be opened: the budget made room for newer ones (or the worker that kept it is gone). */
export const NO_LONGER_KEPT = 'This text is no longer kept.';

interface Kept {
  text: string;
  /** Prepared on arrival; taken by the first view (a second view of the same text gets its own). */
  prepared: DocumentCore | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class PreparedTexts {
  private readonly kept = new Map<number, Kept>();
  private newestKey = 0;
  private readonly arrivals = new Map<number, () => void>();

  constructor(private readonly limits: PreparedTextsLimits) {}

  add({ key, text }: KeyedText): void {
    this.newestKey = Math.max(this.newestKey, key);
    if (text.length <= this.limits.keepChars) {
      const { keepMs } = this.limits;
      const timer = keepMs === undefined ? undefined : setTimeout(() => this.kept.delete(key), keepMs);
      this.kept.set(key, { text, prepared: prepare(text), timer });
      this.keepWithinBudget();
    }
    this.arrivals.get(key)?.();
  }

  /** The document for a kept text; rejects when it is no longer kept. */
  async take(key: number): Promise<DocumentCore> {
    const kept = await this.keptEntry(key);
    const document = kept.prepared ?? new DocumentCore({ kind: 'text', text: kept.text }, { lazy: true });
    kept.prepared = undefined;
    return document;
  }

  /** A kept text itself (to copy or save it whole); rejects when it is no longer kept. */
  async text(key: number): Promise<string> {
    return (await this.keptEntry(key)).text;
  }

  private async keptEntry(key: number): Promise<Kept> {
    if (!this.kept.has(key) && key > this.newestKey) await this.arrival(key);
    const kept = this.kept.get(key);
    if (!kept) throw new Error(NO_LONGER_KEPT);
    return kept;
  }

  private arrival(key: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.arrivals.delete(key);
        resolve();
      };
      const timer = setTimeout(done, this.limits.arrivalWaitMs);
      this.arrivals.set(key, done);
    });
  }

  private keepWithinBudget(): void {
    let chars = 0;
    let newer = 0;
    for (const [key, kept] of [...this.kept].reverse()) {
      if (newer++ >= (this.limits.preparedTexts ?? Infinity)) kept.prepared = undefined;
      chars += kept.text.length;
      if (chars <= this.limits.keepChars) continue;
      clearTimeout(kept.timer);
      this.kept.delete(key);
    }
  }
}

function prepare(text: string): DocumentCore | undefined {
  try {
    return new DocumentCore({ kind: 'text', text }, { lazy: true });
  } catch {
    // Prepared again, and its failure reported, when a view opens it.
    return undefined;
  }
}
