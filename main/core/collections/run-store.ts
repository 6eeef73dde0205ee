/**
 * Kept runs, in the data folder (never in the collection folder, which is the user's and is
 * committed): for each collection, the last run report and the one before, and for each request
 * its last run and the one before with their results, so two runs can be diffed.
 *
 *   <data>/collections/<hash of the folder's path>/
 *     last-run.json, previous-run.json                 run reports
 *     requests/<hash of the request's path>.{last,previous}.json          RequestRun
 *     requests/<hash of the request's path>.{last,previous}.result.json   the response message (JSON-RPC), as sent
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTION_LIMITS, type RequestRun, type RequestRuns, type RunReport } from '../../../shared/collections.js';
import { writeFileAtomic } from '../config/atomic-write.js';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function moveIfThere(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await rm(to, { force: true });
  }
}

export class RunStore {
  constructor(private readonly dataDir: string) {}

  private folder(collectionDir: string): string {
    return path.join(this.dataDir, 'collections', hash(path.resolve(collectionDir)));
  }

  private requestFile(collectionDir: string, requestPath: string, which: 'last' | 'previous', result = false): string {
    return path.join(this.folder(collectionDir), 'requests', `${hash(requestPath)}.${which}${result ? '.result' : ''}.json`);
  }

  /** Where a kept result is: a JSON-RPC response message (the result is at `/result`). */
  resultFile(collectionDir: string, requestPath: string, which: 'last' | 'previous'): string {
    return this.requestFile(collectionDir, requestPath, which, true);
  }

  /**
   * Keeps a request's run as its last one (the last becomes the previous). `response` is the
   * response message's text as sent; over the size limit it is not kept.
   */
  async saveRequestRun(collectionDir: string, run: RequestRun, response: string | undefined): Promise<RequestRun> {
    await mkdir(path.join(this.folder(collectionDir), 'requests'), { recursive: true });
    await moveIfThere(this.requestFile(collectionDir, run.path, 'last'), this.requestFile(collectionDir, run.path, 'previous'));
    await moveIfThere(this.resultFile(collectionDir, run.path, 'last'), this.resultFile(collectionDir, run.path, 'previous'));
    const keep = response !== undefined && response.length <= COLLECTION_LIMITS.snapshotBytes;
    if (keep) await writeFileAtomic(this.resultFile(collectionDir, run.path, 'last'), response);
    const kept = { ...run, resultKept: keep };
    await writeFileAtomic(this.requestFile(collectionDir, run.path, 'last'), JSON.stringify(kept));
    return kept;
  }

  async requestRuns(collectionDir: string, requestPath: string): Promise<RequestRuns> {
    const last = await readJson<RequestRun>(this.requestFile(collectionDir, requestPath, 'last'));
    const previous = await readJson<RequestRun>(this.requestFile(collectionDir, requestPath, 'previous'));
    return { ...(last ? { last } : {}), ...(previous ? { previous } : {}) };
  }

  async hasResult(collectionDir: string, requestPath: string, which: 'last' | 'previous'): Promise<boolean> {
    return stat(this.resultFile(collectionDir, requestPath, which)).then(
      () => true,
      () => false,
    );
  }

  async saveReport(report: RunReport): Promise<void> {
    const folder = this.folder(report.dir);
    await mkdir(folder, { recursive: true });
    await moveIfThere(path.join(folder, 'last-run.json'), path.join(folder, 'previous-run.json'));
    await writeFileAtomic(path.join(folder, 'last-run.json'), JSON.stringify(report));
  }

  async reports(collectionDir: string): Promise<{ last?: RunReport; previous?: RunReport }> {
    const folder = this.folder(collectionDir);
    const last = await readJson<RunReport>(path.join(folder, 'last-run.json'));
    const previous = await readJson<RunReport>(path.join(folder, 'previous-run.json'));
    return { ...(last ? { last } : {}), ...(previous ? { previous } : {}) };
  }
}
