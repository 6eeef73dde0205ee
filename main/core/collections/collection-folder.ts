/**
 * Reading a collection folder: collection.yaml, the request files under it (folders allowed) and
 * the names of its capability snapshots. Bounded in file size, count and depth; a file that cannot
 * be used is a problem of its own and everything else still loads.
 */
import { statSync, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  COLLECTION_FILE,
  COLLECTION_LIMITS,
  SNAPSHOTS_FOLDER,
  SURFACES_FOLDER,
  type CollectionFile,
  type CollectionProblem,
  type RequestTreeNode,
  type SavedRequest,
} from '../../../shared/collections.js';
import { readTextNoFollow } from '../base/no-follow.js';
import { parseCollectionText, parseRequestText } from './collection-format.js';

export interface LoadedRequest {
  path: string;
  text: string;
  /** The file's size and modification time when read: an unchanged file is not parsed again. */
  stamp?: FileStamp;
  request?: SavedRequest;
  problem?: CollectionProblem;
}

export interface LoadedCollection {
  dir: string;
  /** collection.yaml's text, as read. */
  collectionText?: string;
  collection?: CollectionFile;
  /** collection.yaml as read (its stamp spares parsing it again). */
  head?: CollectionFileRead;
  /** Every request file, in tree order (folders first, then by name). */
  requests: LoadedRequest[];
  problems: CollectionProblem[];
  surfaces: string[];
}

const REQUEST_FILE = /\.ya?ml$/i;

/**
 * A run reads the folder again before it starts (the watcher may not have told of an edit made a
 * moment before), so each request file is stat'ed once per run. Stats of a local folder take
 * microseconds each and are taken this many at a time, without a trip through the thread pool
 * per file; the event loop gets a turn between slices.
 */
const STAT_SLICE = 250;
/** A slice that took longer than this (a slow or network folder): the rest are stat'ed asynchronously. */
const SLOW_SLICE_MS = 15;
/** Asynchronous stats in flight at once. */
const STATS_IN_FLIGHT = 16;

/** What a stat said of a file: its size and modification time, or why it failed. */
type FileStat = Pick<Stats, 'size' | 'mtimeMs'> | { error: unknown };

function statNow(file: string): FileStat {
  try {
    return statSync(file);
  } catch (error) {
    return { error };
  }
}

/**
 * Stats `files`, in order: in synchronous slices while they are fast, else (once a slice took
 * longer than `slowSliceMs`) a few at a time asynchronously.
 */
export async function statAll(files: readonly string[], slowSliceMs = SLOW_SLICE_MS): Promise<FileStat[]> {
  const stats: FileStat[] = [];
  while (stats.length < files.length) {
    const started = performance.now();
    const end = Math.min(stats.length + STAT_SLICE, files.length);
    while (stats.length < end) stats.push(statNow(files[stats.length]!));
    if (stats.length === files.length) break;
    if (performance.now() - started > slowSliceMs) {
      const rest = files.slice(stats.length);
      const restStats = new Array<FileStat>(rest.length);
      let next = 0;
      const worker = async () => {
        while (next < rest.length) {
          const index = next++;
          restStats[index] = await stat(rest[index]!).catch((error: unknown) => ({ error }));
        }
      };
      await Promise.all(Array.from({ length: Math.min(STATS_IN_FLIGHT, rest.length) }, worker));
      stats.push(...restStats);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stats;
}

/** A file's size and modification time, as a stat gave them. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

const stampOf = (info: FileStamp): FileStamp => ({ size: info.size, mtimeMs: info.mtimeMs });
const sameStamp = (a: FileStamp | undefined, b: FileStamp): boolean => a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs;

export function isRequestFile(relative: string): boolean {
  return REQUEST_FILE.test(relative) && relative !== COLLECTION_FILE;
}

/** A relative path inside the collection, refused when it leaves the folder or is not a request file. */
export function requestPathInside(dir: string, relative: string): string {
  const normalized = relative.replaceAll('\\', '/');
  const full = path.resolve(dir, normalized);
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error(`"${relative}" is outside the collection folder.`);
  return full;
}

const unreadable = (shown: string, error: unknown): { problem: CollectionProblem } => ({
  problem: {
    file: shown,
    // A link at the file's name already has its own sentence.
    message: (error as NodeJS.ErrnoException).code === 'ELOOP' ? (error as Error).message : `${shown} could not be read: ${error instanceof Error ? error.message : String(error)}`,
  },
});

/**
 * `stated`, the file's stat when it was just taken (else it is taken here). The listing went
 * through no link (readdir's entries that are links are skipped), and the file is opened without
 * following one at its name.
 */
async function readBounded(
  file: string,
  shown: string,
  limit: number,
  unchanged?: { text: string; stamp?: FileStamp },
  stated?: FileStat,
): Promise<{ text: string; stamp: FileStamp; same?: boolean } | { problem: CollectionProblem }> {
  try {
    const info = stated ?? (await stat(file));
    if ('error' in info) return unreadable(shown, info.error);
    if (info.size > limit) return { problem: { file: shown, message: `${shown} is larger than ${Math.round(limit / 1000)} KB, so Loupe does not read it.` } };
    const stamp = stampOf(info);
    if (unchanged && sameStamp(unchanged.stamp, stamp)) return { text: unchanged.text, stamp, same: true };
    return { text: await readTextNoFollow(file, limit, shown), stamp };
  } catch (error) {
    return unreadable(shown, error);
  }
}

interface CollectionFileRead {
  collection?: CollectionFile;
  text?: string;
  stamp?: FileStamp;
  problem?: CollectionProblem;
}

/** Reads and parses collection.yaml; `previous`, the same file read before, is reused when the file has not changed. */
export async function readCollectionFile(dir: string, previous?: CollectionFileRead): Promise<CollectionFileRead> {
  const read = await readBounded(path.join(dir, COLLECTION_FILE), COLLECTION_FILE, COLLECTION_LIMITS.fileBytes, previous?.text !== undefined ? { text: previous.text, ...(previous.stamp ? { stamp: previous.stamp } : {}) } : undefined);
  if ('problem' in read) return { problem: read.problem };
  if (read.same && previous) return previous;
  const parsed = parseCollectionText(read.text, COLLECTION_FILE);
  const base = { text: read.text, stamp: read.stamp };
  return 'problem' in parsed ? { ...base, problem: parsed.problem } : { ...base, collection: parsed.value };
}

/**
 * Reads and parses a request file; `previous`, the same file read before, is reused when the file
 * has not changed; `stated`, its stat when just taken.
 */
export async function readRequestFile(dir: string, relative: string, previous?: LoadedRequest, stated?: FileStat): Promise<LoadedRequest> {
  const read = await readBounded(requestPathInside(dir, relative), relative, COLLECTION_LIMITS.fileBytes, previous, stated);
  if ('problem' in read) return { path: relative, text: '', problem: read.problem };
  if (read.same && previous) return previous;
  const parsed = parseRequestText(read.text, relative);
  const base = { path: relative, text: read.text, stamp: read.stamp };
  return 'problem' in parsed ? { ...base, problem: parsed.problem } : { ...base, request: parsed.value };
}

/** The request files' relative paths, folders first then files, each by name; bounded in count and depth. */
async function listRequestFiles(dir: string, problems: CollectionProblem[]): Promise<string[]> {
  const found: string[] = [];
  let folderCount = 0;
  const walk = async (relative: string, depth: number): Promise<void> => {
    if (found.length >= COLLECTION_LIMITS.requests) return;
    if (++folderCount > COLLECTION_LIMITS.folders) {
      if (folderCount === COLLECTION_LIMITS.folders + 1) problems.push({ file: relative, message: `The collection has more than ${COLLECTION_LIMITS.folders} folders; Loupe read the first ${COLLECTION_LIMITS.folders}.` });
      return;
    }
    let entries;
    try {
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      problems.push({ file: relative || '.', message: `${relative || 'The collection folder'} could not be read: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const visible = entries.filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules');
    const folders = visible.filter((entry) => entry.isDirectory() && !(depth === 0 && (entry.name === SNAPSHOTS_FOLDER || entry.name === SURFACES_FOLDER)));
    const files = visible.filter((entry) => entry.isFile() && isRequestFile(relative ? `${relative}/${entry.name}` : entry.name));
    for (const folder of folders.sort((a, b) => a.name.localeCompare(b.name))) {
      const inner = relative ? `${relative}/${folder.name}` : folder.name;
      if (depth + 1 > COLLECTION_LIMITS.folderDepth) {
        problems.push({ file: inner, message: `${inner} is more than ${COLLECTION_LIMITS.folderDepth} folders deep, so Loupe does not read it.` });
        continue;
      }
      await walk(inner, depth + 1);
    }
    for (const file of files.sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= COLLECTION_LIMITS.requests) {
        problems.push({ file: relative || '.', message: `The collection has more than ${COLLECTION_LIMITS.requests} request files; Loupe read the first ${COLLECTION_LIMITS.requests}.` });
        return;
      }
      found.push(relative ? `${relative}/${file.name}` : file.name);
    }
  };
  await walk('', 0);
  return found;
}

async function listSurfaces(dir: string): Promise<string[]> {
  try {
    const names = await readdir(path.join(dir, SURFACES_FOLDER));
    return names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).sort();
  } catch {
    return [];
  }
}

/** Reads the collection; `previous`, the same collection read before, spares parsing files that did not change. */
export async function loadCollection(dir: string, previous?: LoadedCollection): Promise<LoadedCollection> {
  const before = new Map(previous?.requests.map((request) => [request.path, request]));
  // collection.yaml, the request files' names and the snapshots' names are read side by side.
  const listingProblems: CollectionProblem[] = [];
  const [head, paths, surfaces] = await Promise.all([readCollectionFile(dir, previous?.head), listRequestFiles(dir, listingProblems), listSurfaces(dir)]);
  const problems = head.problem ? [head.problem, ...listingProblems] : listingProblems;
  // The paths come from the folder's own listing (no "..", no absolute path, no "." segment): put
  // after the folder's resolved path as they are, not joined and checked again.
  const prefix = `${dir}${path.sep}`;
  const stats = await statAll(paths.map((relative) => `${prefix}${relative}`));
  // An unchanged file is the same object as before (no promise for it: a run reads the folder again
  // and most files are unchanged); the others are read and parsed side by side.
  const requests = new Array<LoadedRequest>(paths.length);
  const reads: Array<Promise<void>> = [];
  for (const [index, relative] of paths.entries()) {
    const previousRead = before.get(relative);
    const stated = stats[index]!;
    if (previousRead && !('error' in stated) && sameStamp(previousRead.stamp, stated)) requests[index] = previousRead;
    else reads.push(readRequestFile(dir, relative, previousRead, stated).then((read) => void (requests[index] = read)));
  }
  await Promise.all(reads);
  for (const loaded of requests) if (loaded.problem) problems.push(loaded.problem);
  return {
    dir,
    head,
    ...(head.text !== undefined ? { collectionText: head.text } : {}),
    ...(head.collection ? { collection: head.collection } : {}),
    requests,
    problems,
    surfaces,
  };
}

/** Whether two reads of a collection differ (a file's text, the files there are, a problem, a snapshot). */
export function collectionChanged(before: LoadedCollection, after: LoadedCollection): boolean {
  return (
    before.collectionText !== after.collectionText ||
    before.requests.length !== after.requests.length ||
    before.requests.some((request, index) => request !== after.requests[index]) ||
    JSON.stringify(before.problems) !== JSON.stringify(after.problems) ||
    before.surfaces.join('\n') !== after.surfaces.join('\n')
  );
}

export function requestName(loaded: Pick<LoadedRequest, 'path' | 'request'>): string {
  return loaded.request?.name ?? path.posix.basename(loaded.path).replace(REQUEST_FILE, '');
}

export function requestSummary(request: SavedRequest): string {
  if ('tool' in request) return `tool ${request.tool}`;
  if ('resource' in request) return `read ${request.resource}`;
  return `prompt ${request.prompt}`;
}

/** The requests as a tree of folders, in the order they were listed. */
export function requestTree(requests: readonly LoadedRequest[]): RequestTreeNode[] {
  const root: RequestTreeNode[] = [];
  const folders = new Map<string, RequestTreeNode[]>([['', root]]);
  const folderOf = (folder: string): RequestTreeNode[] => {
    const known = folders.get(folder);
    if (known) return known;
    const children: RequestTreeNode[] = [];
    folderOf(path.posix.dirname(folder) === '.' ? '' : path.posix.dirname(folder)).push({ kind: 'folder', name: path.posix.basename(folder), path: folder, children });
    folders.set(folder, children);
    return children;
  };
  for (const loaded of requests) {
    const folder = path.posix.dirname(loaded.path);
    folderOf(folder === '.' ? '' : folder).push({
      kind: 'request',
      path: loaded.path,
      name: requestName(loaded),
      ...(loaded.request ? { summary: requestSummary(loaded.request) } : {}),
      checks: loaded.request?.checks?.length ?? 0,
      ...(loaded.problem ? { problem: loaded.problem } : {}),
    });
  }
  return root;
}
