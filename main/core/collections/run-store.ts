/**
 * Kept runs, in the data folder (never in the collection folder, which is the user's and is
 * committed): for each collection, the last run report and the one before, and for each request
 * its last run and the one before with their results, so two runs can be diffed.
 *
 *   <data>/collections/<hash of the folder's path>/
 *     last-run.json, previous-run.json   run reports
 *     requests.json                      { [request path]: { last?, previous? } }: RequestRun, each with where its result is
 *     results/<run id>.txt               the responses of one run, as sent, one after another (offset and length in RequestRun)
 *
 * A run's results are written as it goes, in pieces of a few MB, and its records once at its end:
 * a 1,000-request run writes a handful of files, not thousands. A results file no kept run names
 * is deleted.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTION_LIMITS, type RequestRun, type RequestRuns, type RunReport } from '../../../shared/collections.js';
import { writeFileAtomic } from '../base/atomic-write.js';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
/** Results are written once this many characters wait in memory. */
const FLUSH_CHARS = 4_000_000;
/** Results may hold whatever servers answered (an echoed token): private to the user. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Makes one of the store's folders, and narrows one an older Loupe made 0755 (the folders are Loupe's own). */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  await chmod(folder, FOLDER_MODE).catch(() => undefined);
}

/** Where a kept result is: a JSON-RPC response message's text, at `offset` (bytes) in a run's results file. */
export interface ResultRef {
  runId: string;
  offset: number;
  length: number;
}

type KeptRun = RequestRun & { result?: ResultRef };
type RequestsFile = Record<string, { last?: KeptRun; previous?: KeptRun }>;

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function publicRun(run: KeptRun): RequestRun {
  const { result: _result, ...rest } = run;
  return rest;
}

/** One run's results file, written as the run goes. */
export class RunRecorder {
  private readonly kept: Array<{ run: RequestRun; result?: ResultRef }> = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private offset = 0;
  private handle: Promise<FileHandle> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: RunStore,
    private readonly folder: string,
    readonly runId: string,
  ) {}

  /**
   * Keeps a request's run, and sets its `resultKept`; `response` is the response message's text
   * as sent (not kept past the size limit). The run is kept as given, not copied.
   */
  add(run: RequestRun, response: string | undefined): RequestRun {
    const keep = response !== undefined && response.length <= COLLECTION_LIMITS.snapshotBytes;
    run.resultKept = keep;
    if (!keep) {
      this.kept.push({ run });
      return run;
    }
    const length = Buffer.byteLength(response, 'utf8');
    this.kept.push({ run, result: { runId: this.runId, offset: this.offset, length } });
    this.offset += length;
    this.pending.push(response);
    this.pendingChars += response.length;
    if (this.pendingChars >= FLUSH_CHARS) this.flush();
    return run;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    this.handle ??= privateFolder(path.join(this.folder, 'results')).then(() => open(path.join(this.folder, 'results', `${this.runId}.txt`), 'a', FILE_MODE));
    const handle = this.handle;
    this.writing = this.writing.then(async () => {
      await (await handle).write(text, null, 'utf8');
    });
  }

  /**
   * Writes what is left, then the records and the report. The run's caller does not wait for the
   * records: reads of this collection's runs do (and the core's dispose).
   */
  finish(report: RunReport): void {
    this.flush();
    const results = this.writing.catch(() => undefined).finally(async () => (await this.handle)?.close());
    this.store.record(this.folder, this.kept.map(({ run, result }): KeptRun => (result ? { ...run, result } : run)), report, results);
  }
}

export class RunStore {
  /** Record writes, one at a time per collection (a request run while the collection runs); reads wait for them. */
  private readonly recording = new Map<string, Promise<void>>();
  /** The records of each collection, as last written. */
  private readonly requests = new Map<string, RequestsFile>();

  constructor(private readonly dataDir: string) {}

  private folder(collectionDir: string): string {
    return path.join(this.dataDir, 'collections', hash(path.resolve(collectionDir)));
  }

  begin(collectionDir: string, runId: string): RunRecorder {
    return new RunRecorder(this, this.folder(collectionDir), runId);
  }

  /** Each run becomes its request's last (the last becomes the previous); the report likewise; unnamed results go. */
  record(folder: string, runs: readonly KeptRun[], report: RunReport, results: Promise<unknown>): void {
    const previous = this.recording.get(folder) ?? Promise.resolve();
    const next = previous.then(async () => {
      await results;
      await privateFolder(folder);
      const requests = await this.requestsOf(folder);
      for (const run of runs) {
        const before = requests[run.path]?.last;
        requests[run.path] = { last: run, ...(before ? { previous: before } : {}) };
      }
      await writeFileAtomic(path.join(folder, 'requests.json'), JSON.stringify(requests), { durable: false });
      await rename(path.join(folder, 'last-run.json'), path.join(folder, 'previous-run.json')).catch(() => undefined);
      await writeFileAtomic(path.join(folder, 'last-run.json'), JSON.stringify(report), { durable: false });
      await this.removeUnnamedResults(folder, requests);
    });
    this.recording.set(
      folder,
      next.catch(() => undefined),
    );
  }

  /** Waits for every record being written (the core's dispose). */
  async settled(): Promise<void> {
    await Promise.all(this.recording.values());
  }

  private async requestsOf(folder: string): Promise<RequestsFile> {
    const known = this.requests.get(folder);
    if (known) return known;
    const read = (await readJson<RequestsFile>(path.join(folder, 'requests.json'))) ?? {};
    this.requests.set(folder, read);
    return read;
  }

  /** A collection's records, once the writes under way are done. */
  private async current(collectionDir: string): Promise<{ folder: string; requests: RequestsFile }> {
    const folder = this.folder(collectionDir);
    await this.recording.get(folder);
    return { folder, requests: await this.requestsOf(folder) };
  }

  private async removeUnnamedResults(folder: string, requests: RequestsFile): Promise<void> {
    const named = new Set(Object.values(requests).flatMap((entry) => [entry.last?.result?.runId, entry.previous?.result?.runId]));
    const names = await readdir(path.join(folder, 'results')).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !named.has(name.replace(/\.txt$/, ''))).map((name) => rm(path.join(folder, 'results', name), { force: true })));
  }

  async requestRuns(collectionDir: string, requestPath: string): Promise<RequestRuns> {
    const entry = (await this.current(collectionDir)).requests[requestPath];
    return { ...(entry?.last ? { last: publicRun(entry.last) } : {}), ...(entry?.previous ? { previous: publicRun(entry.previous) } : {}) };
  }

  /** Where a kept result is (the response message's text; its result is at `/result`), or undefined. */
  async resultLocation(collectionDir: string, requestPath: string, which: 'last' | 'previous'): Promise<{ file: string; offset: number; length: number } | undefined> {
    const { folder, requests } = await this.current(collectionDir);
    const result = requests[requestPath]?.[which]?.result;
    return result ? { file: path.join(folder, 'results', `${result.runId}.txt`), offset: result.offset, length: result.length } : undefined;
  }

  async reports(collectionDir: string): Promise<{ last?: RunReport; previous?: RunReport }> {
    const { folder } = await this.current(collectionDir);
    const last = await readJson<RunReport>(path.join(folder, 'last-run.json'));
    const previous = await readJson<RunReport>(path.join(folder, 'previous-run.json'));
    return { ...(last ? { last } : {}), ...(previous ? { previous } : {}) };
  }
}
