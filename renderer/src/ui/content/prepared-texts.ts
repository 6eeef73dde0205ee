/**
 * Long texts the reply parser sends straight from its worker to the document worker (see
 * `SharedLongText`). There, `PreparedTexts` prepares each as a document at once, so a view that
 * opens one finds it ready while the page was still joining its copy; kept within a budget, and
 * for a while only (a view then sends the text over as before). On the page, `SharedTextKeys`
 * notes which texts the worker was sent.
 */
import type { SharedLongText } from '../../bridge/long-strings.js';
import { DocumentCore } from './document-core.js';

export interface PreparedTextsLimits {
  /** Characters kept in all; the oldest texts go first. */
  keepChars: number;
  /** How long a text nobody opened is kept. */
  keepMs: number;
  /** How long an open waits for a text still on its way from the parse worker. */
  arrivalWaitMs: number;
}

const DEFAULT_LIMITS: PreparedTextsLimits = { keepChars: 64 * 1024 * 1024, keepMs: 30_000, arrivalWaitMs: 10_000 };

interface Kept {
  text: string;
  /** Prepared on arrival; taken by the first view (a second view of the same text gets its own). */
  prepared: DocumentCore | undefined;
  timer: ReturnType<typeof setTimeout>;
}

export class PreparedTexts {
  private readonly kept = new Map<number, Kept>();
  private newestKey = 0;
  private readonly arrivals = new Map<number, () => void>();

  constructor(private readonly limits: PreparedTextsLimits = DEFAULT_LIMITS) {}

  add({ key, text }: SharedLongText): void {
    this.newestKey = Math.max(this.newestKey, key);
    if (text.length <= this.limits.keepChars) {
      const timer = setTimeout(() => this.kept.delete(key), this.limits.keepMs);
      this.kept.set(key, { text, prepared: prepare(text), timer });
      this.keepWithinBudget();
    }
    this.arrivals.get(key)?.();
  }

  /** The document for a shared text; rejects when it is no longer kept (the caller sends the text instead). */
  async take(key: number): Promise<DocumentCore> {
    if (!this.kept.has(key) && key > this.newestKey) await this.arrival(key);
    const kept = this.kept.get(key);
    if (!kept) throw new Error('This text is no longer kept in the document worker.');
    const document = kept.prepared ?? new DocumentCore({ kind: 'text', text: kept.text });
    kept.prepared = undefined;
    return document;
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
    for (const [key, kept] of [...this.kept].reverse()) {
      chars += kept.text.length;
      if (chars <= this.limits.keepChars) continue;
      clearTimeout(kept.timer);
      this.kept.delete(key);
    }
  }
}

function prepare(text: string): DocumentCore | undefined {
  try {
    return new DocumentCore({ kind: 'text', text });
  } catch {
    // Prepared again, and its failure reported, when a view opens it.
    return undefined;
  }
}

/**
 * On the page: its copies of the texts the document worker was also sent, newest last, with their
 * keys there, so a view of one asks the worker for it instead of sending it.
 */
export class SharedTextKeys {
  private readonly shared: Array<{ text: string; key: number }> = [];

  constructor(private readonly remembered = 4) {}

  add(text: string, key: number): void {
    this.shared.push({ text, key });
    if (this.shared.length > this.remembered) this.shared.shift();
  }

  /**
   * The key of `text`, newest first: `===` finds the very string the parser just handed over at once
   * (the same object). An older copy with the same content (a repeated call) would do as well, but
   * may be gone from the worker.
   */
  keyOf(text: string): number | undefined {
    return this.shared.findLast((entry) => entry.text === text)?.key;
  }
}
