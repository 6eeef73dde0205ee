/**
 * The summaries of a collection's capability snapshot files (`surfaces.list`: whose surface, when
 * taken). The window asks again on every change to the collection; a file is read and parsed only
 * when its size or modification time changed since it was last summed up.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SurfaceListing } from '../../../shared/collections.js';
import { isObject } from '../../../shared/is-object.js';
import { readSurfaceFile } from './surface-snapshot.js';

/** Summaries kept, across all open collections; the least recently listed go first. */
const MAX_KEPT = 512;

type Summary = Omit<SurfaceListing, 'name'>;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error of the file system (a file that vanished or cannot be read now) rather than of the file's text. */
function isFileSystemError(error: unknown): boolean {
  return isObject(error) && typeof (error as { code?: unknown }).code === 'string';
}

export class SurfaceListings {
  private readonly kept = new Map<string, { stamp: string; summary: Summary }>();

  constructor(private readonly maxKept = MAX_KEPT) {}

  /**
   * The listing of the snapshots `names` in `folder`, in that order; `fileOf` says where each is
   * (and throws for a name that is not one).
   */
  async list(folder: string, names: readonly string[], fileOf: (name: string) => string | Promise<string>): Promise<SurfaceListing[]> {
    const files = await Promise.all(
      names.map(async (name): Promise<{ file: string } | { problem: string }> => {
        try {
          return { file: await fileOf(name) };
        } catch (error) {
          return { problem: message(error) };
        }
      }),
    );
    this.forgetVanished(folder, new Set(files.flatMap((entry) => ('file' in entry ? [entry.file] : []))));
    const summaries = await Promise.all(files.map((entry) => ('file' in entry ? this.summaryOf(entry.file) : Promise.resolve({ problem: entry.problem }))));
    return names.map((name, index) => ({ name, ...summaries[index]! }));
  }

  private forgetVanished(folder: string, present: ReadonlySet<string>): void {
    const prefix = folder + path.sep;
    for (const file of this.kept.keys()) if (file.startsWith(prefix) && !present.has(file)) this.kept.delete(file);
  }

  private async summaryOf(file: string): Promise<Summary> {
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      this.kept.delete(file);
      return { problem: message(error) };
    }
    const known = this.kept.get(file);
    if (known?.stamp === stamp) {
      // Listed again: the most recently used goes last, so the bound drops the others first.
      this.kept.delete(file);
      this.kept.set(file, known);
      return known.summary;
    }
    let summary: Summary;
    try {
      const { server, takenAt } = await readSurfaceFile(file, { noFollow: true });
      const named = isObject(server) && typeof server.name === 'string' && typeof server.version === 'string';
      summary = { ...(named ? { server } : {}), ...(typeof takenAt === 'string' ? { takenAt } : {}) };
    } catch (error) {
      // A file that cannot be read now may be readable later with the same stamp: only what its text says is kept.
      if (isFileSystemError(error)) {
        this.kept.delete(file);
        return { problem: message(error) };
      }
      summary = { problem: message(error) };
    }
    this.kept.delete(file);
    this.kept.set(file, { stamp, summary });
    if (this.kept.size > this.maxKept) this.kept.delete(this.kept.keys().next().value!);
    return summary;
  }

  /** How many summaries are kept (for tests of the bound). */
  get size(): number {
    return this.kept.size;
  }
}
