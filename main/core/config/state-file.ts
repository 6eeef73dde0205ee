import type { Notice } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import { createNotice } from '../base/notice.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { moveAside, movedAsideMessage, readJsonFile } from '../base/json-file.js';

export interface StateFileSpec<T> {
  path: string;
  /** How notices name the file, e.g. "The model providers file". */
  what: string;
  empty: T;
  /** Reads the parsed JSON into a state; throws (with the reason) when it is not one, and the file is moved aside. */
  parse: (value: unknown) => T;
  /** The file's content for a state. */
  serialize: (state: T) => string;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A JSON state file in the data folder: read once (a corrupt file is moved aside and the state
 * starts empty, with a notice), changed one change at a time, each written atomically before the
 * state in memory takes it, so two quick edits never land out of order or overwrite each other.
 */
export class StateFile<T> {
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly spec: StateFileSpec<T>,
    private current: T,
  ) {}

  static async open<T>(spec: StateFileSpec<T>, onNotice: (notice: Notice) => void): Promise<StateFile<T>> {
    const read = await readJsonFile(spec.path);
    if (read.status === 'missing') return new StateFile(spec, spec.empty);
    if (read.status === 'moved-aside') {
      onNotice(createNotice('warning', movedAsideMessage(spec.what, spec.path, read)));
      return new StateFile(spec, spec.empty);
    }
    try {
      return new StateFile(spec, spec.parse(read.value));
    } catch (error) {
      const moved = await moveAside(spec.path, reason(error));
      onNotice(createNotice('warning', movedAsideMessage(spec.what, spec.path, moved)));
      return new StateFile(spec, spec.empty);
    }
  }

  get state(): T {
    return this.current;
  }

  /** Applies a change once the file holds it; `apply` may throw to refuse it (nothing is written). */
  change<R>(apply: (state: T) => { state: T; value: R }): Promise<R> {
    const run = this.writes.then(async () => {
      const next = apply(this.current);
      try {
        await writeFileAtomic(this.spec.path, this.spec.serialize(next.state));
      } catch (error) {
        throw new LoupeError(`Could not save ${this.spec.what.replace(/^The /, 'the ')} to ${this.spec.path}: ${reason(error)}.`, 'write-failed');
      }
      this.current = next.state;
      return next.value;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }
}
