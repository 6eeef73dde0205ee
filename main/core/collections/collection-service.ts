/**
 * The open collections: each folder is read, watched (an edit in a text editor shows up at once as
 * `collections.changed`), run, and written only when the user saves.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { access, mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  COLLECTION_FILE,
  COLLECTION_FORMAT_VERSION,
  COLLECTION_LIMITS,
  SNAPSHOTS_FOLDER,
  SURFACES_FOLDER,
  type CapabilitySnapshot,
  type CollectionConsent,
  type CollectionFile,
  type CollectionSecret,
  type CollectionView,
  type RequestFileView,
  type RequestRun,
  type RunParams,
  type RunReport,
  type SavedRequest,
} from '../../../shared/collections.js';
import { isObject } from '../../../shared/is-object.js';
import { LoupeError } from '../../../shared/wire.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { checkRequest, collectionFileText, requestFileText } from './collection-format.js';
import { collectionChanged, loadCollection, readRequestFile, requestTree, type LoadedCollection } from './collection-folder.js';
import { containedPath, readContainedFile, writeContainedFile } from './contained-path.js';
import { readSurfaceFile } from './surface-snapshot.js';
import { CollectionRunner, baselineFile, selectRequests, serverKeyOf, type RunDeps } from './collection-runner.js';
import { RunProgress } from './run-progress.js';
import { ensureServer, portableServer, serverConfigInput, serverStrings } from './collection-servers.js';
import { collectionSecretKey, secretEnvName, secretNamesIn, stringsIn, variableScope } from './variables.js';
import { consentAsk, consentSentence } from './consent-ask.js';
import type { ConsentStore } from './consent-store.js';

/** Edits that come in a burst (an editor's save is often several events) are read once. */
const WATCH_SETTLE_MS = 60;
/** Collections open at once (each holds a watcher). */
const MAX_OPEN = 16;

interface OpenCollection {
  id: string;
  dir: string;
  /** The folder at its real path: consent and the collection's secrets are kept under it. */
  realDir: string;
  loaded: LoadedCollection;
  watcher?: FSWatcher;
  timer?: NodeJS.Timeout;
}

export interface CollectionServiceDeps extends Omit<RunDeps, 'progress' | 'handlers'> {
  handlers: RunDeps['handlers'] & Pick<RequestHandlers, 'resources.list' | 'resources.templates' | 'prompts.list'>;
  consents: ConsentStore;
  changed(view: CollectionView): void;
  progress(event: { collectionId: string; runId: string; requests: RequestRun[]; done: number; total: number }): void;
  /** Where a traffic entry's line is in the record on disk, so a thread can read it there. */
  trafficLine(seq: number): { file: string; offset: number; length: number } | undefined;
}

/** A capability snapshot's file in the collection, `surfaces/<name>.json`; a name that is not one is refused. */
function surfaceFile(name: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith('.')) throw new Error(`"${name}" is not a snapshot name: use letters, digits, "-", "_" and ".".`);
  return `${SURFACES_FOLDER}/${name}.json`;
}

export function collectionId(dir: string): string {
  return createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16);
}

function view(open: OpenCollection): CollectionView {
  const { loaded } = open;
  const collection = loaded.collection;
  return {
    id: open.id,
    dir: open.dir,
    name: collection?.name ?? path.basename(open.dir),
    servers: Object.entries(collection?.servers ?? {}).map(([key, server]) =>
      'url' in server
        ? { key, kind: server.transport === 'sse' ? 'sse' : 'http', target: server.url, ...(server.era ? { era: server.era } : {}) }
        : { key, kind: 'stdio', target: [server.command, ...(server.args ?? [])].join(' '), ...(server.era ? { era: server.era } : {}) },
    ),
    environments: Object.keys(collection?.environments ?? {}),
    tree: requestTree(loaded.requests),
    problems: loaded.problems,
    surfaces: loaded.surfaces,
  };
}

/** A saved request built from a traffic entry: a `tools/call`, `resources/read` or `prompts/get` request. */
export function requestFromEntry(entry: TrafficEntry): SavedRequest {
  const message = entry.message ?? (entry.raw ? (JSON.parse(entry.raw) as unknown) : undefined);
  const params = isObject(message) && isObject(message.params) ? message.params : {};
  const { _meta: _ignored, ...args } = isObject(params.arguments) ? params.arguments : {};
  if (entry.method === 'tools/call' && typeof params.name === 'string') return { tool: params.name, arguments: args, checks: [{ outcome: 'success' }] };
  if (entry.method === 'resources/read' && typeof params.uri === 'string') return { resource: params.uri, checks: [{ outcome: 'success' }] };
  if (entry.method === 'prompts/get' && typeof params.name === 'string') {
    return { prompt: params.name, arguments: Object.fromEntries(Object.entries(args).map(([key, value]) => [key, String(value)])), checks: [{ outcome: 'success' }] };
  }
  throw new Error(`Entry ${entry.seq} is ${entry.method ? `a ${entry.method} ${entry.direction === 'out' ? 'request' : 'message'}` : 'not a request'}: only tools/call, resources/read and prompts/get requests can be saved.`);
}

export class CollectionService {
  private readonly open = new Map<string, OpenCollection>();

  constructor(private readonly deps: CollectionServiceDeps) {}

  async openFolder(dir: string): Promise<CollectionView> {
    const resolved = path.resolve(dir);
    const info = await stat(resolved).catch(() => undefined);
    if (!info?.isDirectory()) throw new Error(`${resolved} is not a folder.`);
    const id = collectionId(resolved);
    const existing = this.open.get(id);
    if (existing) return view(existing);
    const hasFile = await access(path.join(resolved, COLLECTION_FILE)).then(
      () => true,
      () => false,
    );
    if (!hasFile) throw new Error(`${resolved} has no ${COLLECTION_FILE}: create a collection there first.`);
    if (this.open.size >= MAX_OPEN) this.close(this.open.keys().next().value!);
    const entry: OpenCollection = { id, dir: resolved, realDir: await realpath(resolved), loaded: await loadCollection(resolved) };
    this.open.set(id, entry);
    this.watch(entry);
    return view(entry);
  }

  async create(dir: string, name: string, servers: CollectionFile['servers'] = {}): Promise<CollectionView> {
    const resolved = path.resolve(dir);
    await mkdir(resolved, { recursive: true, mode: 0o700 });
    const file = path.join(resolved, COLLECTION_FILE);
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) throw new Error(`${file} already exists: open it instead.`);
    await writeContainedFile(resolved, COLLECTION_FILE, collectionFileText(undefined, { loupe: COLLECTION_FORMAT_VERSION, name, servers: Object.fromEntries(Object.entries(servers).map(([key, server]) => [key, portableServer(server)])) }));
    return this.openFolder(resolved);
  }

  close(id: string): void {
    const entry = this.open.get(id);
    if (!entry) return;
    entry.watcher?.close();
    clearTimeout(entry.timer);
    this.open.delete(id);
  }

  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }

  get(id: string): OpenCollection {
    const entry = this.open.get(id);
    if (!entry) throw new Error('That collection is not open: open its folder first.');
    return entry;
  }

  async readRequest(id: string, relative: string): Promise<RequestFileView> {
    const { dir } = this.get(id);
    // A path the window names (not one from the listing) may go through a link: refused, not read.
    await containedPath(dir, relative);
    const loaded = await readRequestFile(dir, relative);
    return { path: relative, text: loaded.text, ...(loaded.request ? { request: loaded.request } : {}), ...(loaded.problem ? { problem: loaded.problem } : {}) };
  }

  /** Writes a request file (the one place Loupe writes a request): an existing file keeps its comments and layout. */
  async saveRequest(id: string, relative: string, request: unknown): Promise<RequestFileView> {
    const entry = this.get(id);
    if (!/\.ya?ml$/i.test(relative)) throw new Error(`"${relative}" must end in .yaml.`);
    const first = relative.replaceAll('\\', '/').split('/')[0];
    if (relative === COLLECTION_FILE || first === SNAPSHOTS_FOLDER || first === SURFACES_FOLDER) throw new Error(`"${relative}" is not a place for a request: ${COLLECTION_FILE}, ${SNAPSHOTS_FOLDER}/ and ${SURFACES_FOLDER}/ are the collection's own.`);
    const checked = checkRequest(request, relative);
    if ('problem' in checked) throw new Error(checked.problem.message);
    const existing = await readContainedFile(entry.dir, relative, COLLECTION_LIMITS.fileBytes).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    });
    await writeContainedFile(entry.dir, relative, requestFileText(existing, checked.value));
    await this.reload(entry);
    return this.readRequest(id, relative);
  }

  async saveFromTraffic(id: string, relative: string, seq: number, extra: { name?: string; server?: string }): Promise<RequestFileView> {
    const entry = this.deps.trafficEntry(seq);
    if (!entry) throw new Error(`The traffic log no longer has entry ${seq}.`);
    const request = requestFromEntry(entry);
    return this.saveRequest(id, relative, { ...(extra.name ? { name: extra.name } : {}), ...(extra.server ? { server: extra.server } : {}), ...request });
  }

  async run(params: RunParams): Promise<RunReport> {
    const entry = this.get(params.collectionId);
    // Read again (unchanged files are not parsed again): the watcher's event for an edit made a
    // moment ago may not have come yet, and a new folder is watched only once it has been seen.
    await this.reload(entry);
    const collection = this.collectionOf(entry);
    await this.requireConsent(entry, params.serverId !== undefined);
    const progress = new RunProgress((event) => this.deps.progress({ collectionId: entry.id, ...event }));
    const runner = new CollectionRunner(
      { ...this.deps, progress: (request, done, total, runId) => progress.push(request, done, total, runId) },
      { ...entry.loaded, collection, realDir: entry.realDir },
      params,
    );
    const report = await runner.run().finally(() => progress.flush());
    if (params.updateSnapshots) await this.reload(entry);
    return report;
  }

  /**
   * Adds (or updates) in the server list the collection's servers that the requests under `path`
   * use (all requests when absent), filled for `environment`; their ids by key.
   */
  async prepareServers(id: string, environment: string | undefined, selection?: string): Promise<Record<string, string>> {
    const entry = this.get(id);
    await this.reload(entry);
    const collection = this.collectionOf(entry);
    await this.requireConsent(entry, false);
    const wanted = new Set<string>();
    for (const loaded of selectRequests(entry.loaded, selection)) {
      try {
        if (loaded.request) wanted.add(serverKeyOf(collection, loaded.request));
      } catch {
        // The run says so for that request.
      }
    }
    const keys = [...wanted].filter((key) => collection.servers[key]);
    const scope = await variableScope(collection, environment, this.deps.env, this.deps.secrets, entry.realDir, keys.flatMap((key) => serverStrings(collection.servers[key]!)));
    const ids: Record<string, string> = {};
    for (const key of keys) ids[key] = (await ensureServer(this.deps.handlers, serverConfigInput(collection, entry.dir, key, scope))).id;
    this.deps.remember(scope.outsideValues());
    return ids;
  }

  /** What a run would start and read, and whether that was allowed. */
  async consent(id: string, serverOverride: boolean): Promise<CollectionConsent> {
    const entry = this.get(id);
    await this.reload(entry);
    return this.consentOf(entry, serverOverride);
  }

  /** Allows a run for exactly the content the person was shown (`hash`). */
  async allow(id: string, hash: string, remember: boolean): Promise<void> {
    const entry = this.get(id);
    await this.reload(entry);
    const shown = [false, true].map((serverOverride) => consentAsk({ ...entry.loaded, collection: this.collectionOf(entry) }, { collectionId: id, realDir: entry.realDir, serverOverride }).hash);
    if (!shown.includes(hash)) throw new LoupeError('The collection changed since it was shown to you: look at what it asks again before allowing it.', 'consent-changed');
    await this.deps.consents.allow(entry.realDir, hash, remember);
  }

  /** Stores (or with null removes) a secret of this collection; another collection cannot read it. */
  async setSecret(id: string, name: string, value: string | null): Promise<void> {
    const key = collectionSecretKey(this.get(id).realDir, name);
    if (value === null) await this.deps.secrets.delete(key);
    else await this.deps.secrets.set(key, value);
  }

  private async consentOf(entry: OpenCollection, serverOverride: boolean): Promise<CollectionConsent> {
    const ask = consentAsk({ ...entry.loaded, collection: this.collectionOf(entry) }, { collectionId: entry.id, realDir: entry.realDir, serverOverride });
    return { ...ask, granted: !ask.needed || (await this.deps.consents.isAllowed(entry.realDir, ask.hash)) };
  }

  /** A run waits until what it starts and reads was allowed; one sentence names it otherwise. */
  private async requireConsent(entry: OpenCollection, serverOverride: boolean): Promise<void> {
    const consent = await this.consentOf(entry, serverOverride);
    if (consent.granted) return;
    throw new LoupeError(`"${consent.collection}" has not been allowed to run here yet: it would ${consentSentence(consent)}. Allow it first.`, 'consent-needed');
  }

  private collectionOf(entry: OpenCollection): CollectionFile {
    const { collection } = entry.loaded;
    if (!collection) throw new Error(entry.loaded.problems.find((problem) => problem.file === COLLECTION_FILE)?.message ?? `${COLLECTION_FILE} is missing.`);
    return collection;
  }

  /** The request's last run's result becomes its baseline. */
  async acceptSnapshot(id: string, relative: string): Promise<void> {
    const entry = this.get(id);
    // A path that leads outside is refused before anything else is said of it.
    await containedPath(entry.dir, baselineFile(relative));
    const kept = await this.deps.runs.resultLocation(entry.dir, relative, 'last');
    if (!kept) throw new Error(`${relative} has no kept result to accept: run it first.`);
    const file = await containedPath(entry.dir, baselineFile(relative), { forWrite: true });
    await this.deps.diffs.write({ ...kept, pointer: '/result', maxBytes: COLLECTION_LIMITS.snapshotBytes }, file);
  }

  /** The secrets the collection's files name, with whether each has a value (keychain or environment), never the value. */
  async secrets(id: string): Promise<CollectionSecret[]> {
    const { loaded } = this.get(id);
    const usedIn = new Map<string, string[]>();
    const note = (file: string, texts: readonly string[]) => {
      for (const name of secretNamesIn(texts)) usedIn.set(name, [...(usedIn.get(name) ?? []), file]);
    };
    note(COLLECTION_FILE, Object.values(loaded.collection?.servers ?? {}).flatMap(serverStrings));
    for (const request of loaded.requests) if (request.request) note(request.path, stringsIn(request.request));
    const secrets: CollectionSecret[] = [];
    for (const [name, files] of [...usedIn].sort(([a], [b]) => a.localeCompare(b))) {
      const inKeychain = (await this.deps.secrets.get(collectionSecretKey(this.get(id).realDir, name))) !== undefined;
      const environmentVariable = secretEnvName(name);
      secrets.push({ name, inKeychain, environmentVariable, inEnvironment: this.deps.env[environmentVariable] !== undefined, usedIn: files });
    }
    return secrets;
  }

  /** Writes a capability snapshot as surfaces/<name>.json; the collection's view lists it at once. */
  async saveSurface(id: string, name: string, text: string): Promise<void> {
    const entry = this.get(id);
    await writeContainedFile(entry.dir, surfaceFile(name), text);
    await this.reload(entry);
  }

  /** Where a capability snapshot of the collection really is (refused when a link leads elsewhere). */
  surfacePath(id: string, name: string): Promise<string> {
    return containedPath(this.get(id).dir, surfaceFile(name));
  }

  async readSurface(id: string, name: string): Promise<CapabilitySnapshot> {
    return readSurfaceFile(await this.surfacePath(id, name), { noFollow: true });
  }

  private watch(entry: OpenCollection): void {
    try {
      entry.watcher = watch(entry.dir, { recursive: true }, () => {
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void this.reload(entry).catch(() => undefined), WATCH_SETTLE_MS);
      });
      entry.watcher.on('error', () => {
        entry.watcher?.close();
        delete entry.watcher;
      });
    } catch {
      // A folder that cannot be watched is still read on open, save and run.
    }
  }

  private async reload(entry: OpenCollection): Promise<void> {
    const before = entry.loaded;
    entry.loaded = await loadCollection(entry.dir, before);
    if (this.open.get(entry.id) === entry && collectionChanged(before, entry.loaded)) this.deps.changed(view(entry));
  }
}
