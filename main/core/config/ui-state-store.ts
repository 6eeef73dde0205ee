import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import { UI_STATE_LIMITS } from '../../../shared/ui-state.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { movedAsideMessage, readJsonFile } from '../base/json-file.js';

export const UI_STATE_FILE = 'ui-state.json';
/** Keys the core keeps for itself (e.g. the approvals' history): not sent to the window, not set by it. */
export const CORE_KEY_PREFIX = 'core/';

/** Takes the known secret values out of a text (the session's, as exports do). */
export type Redact = (text: string) => string;

/**
 * What the window remembers between starts (layout, run history, view modes), kept in the data
 * folder rather than in the page's storage, which browser mode loses with every new origin. Values
 * are opaque strings by key, bounded in size; writes are atomic and one at a time. A value is
 * redacted before it is kept: run history holds what servers returned, and a server may echo a
 * secret it was given.
 */
export class UiStateStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly values: Map<string, string>,
    private readonly redact: Redact,
  ) {}

  static async open(dataDir: string, onNotice: (notice: Notice) => void, redact: Redact = (text) => text): Promise<UiStateStore> {
    const path = join(dataDir, UI_STATE_FILE);
    const read = await readJsonFile(path);
    const values = new Map<string, string>();
    if (read.status === 'moved-aside') {
      onNotice({ id: 'ui-state-moved-aside', level: 'warning', message: movedAsideMessage("The window's saved layout and history", path, read) });
    } else if (read.status === 'ok' && typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value)) {
      for (const [key, value] of Object.entries(read.value)) {
        if (typeof value === 'string' && key.length <= UI_STATE_LIMITS.keyChars && value.length <= UI_STATE_LIMITS.valueChars) values.set(key, value);
      }
    }
    return new UiStateStore(path, values, redact);
  }

  /** What the window may see: everything but the core's own keys. */
  all(): Record<string, string> {
    return Object.fromEntries([...this.values].filter(([key]) => !key.startsWith(CORE_KEY_PREFIX)));
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  /** Stores a value (null removes it); refuses one that would take the whole past its budget. */
  async set(key: string, given: string | null): Promise<void> {
    const value = given === null ? null : this.redact(given);
    if (value === null) {
      if (!this.values.delete(key)) return;
    } else {
      const others = this.totalChars() - (this.values.get(key)?.length ?? 0) - (this.values.has(key) ? key.length : 0);
      if (others + key.length + value.length > UI_STATE_LIMITS.totalChars) {
        throw new LoupeError(`The window's saved state would pass ${UI_STATE_LIMITS.totalChars / 1_000_000} MB with "${key}"; it was not saved.`, 'too-large');
      }
      if (this.values.get(key) === value) return;
      this.values.set(key, value);
    }
    await this.save();
  }

  private totalChars(): number {
    let total = 0;
    for (const [key, value] of this.values) total += key.length + value.length;
    return total;
  }

  private save(): Promise<void> {
    const next = this.writing.then(() => writeFileAtomic(this.path, JSON.stringify(Object.fromEntries(this.values))));
    this.writing = next.catch(() => {});
    return next;
  }
}
