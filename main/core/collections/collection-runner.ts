/**
 * Runs a collection's requests (all, a folder, or one) one after another, each on its server's
 * one connection, evaluates their checks and keeps each run. A server that dies mid-run fails the
 * requests still to come with its reason; the report is complete either way.
 */
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import {
  COLLECTION_LIMITS,
  SNAPSHOTS_FOLDER,
  type Check,
  type CheckResult,
  type CollectionFile,
  type RequestRun,
  type RunParams,
  type RunReport,
  type SavedRequest,
} from '../../../shared/collections.js';
import type { ConnectionState } from '../../../shared/connection.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import type { RpcOutcome } from '../../../shared/mcp.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { DEFAULT_CALL_TIMEOUTS } from '../../../shared/server-config.js';
import type { IsolatedValidator } from '../mcp/isolated-validator.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { evaluateChecks, type SnapshotCheck } from './checks.js';
import { requestName, type LoadedCollection, type LoadedRequest } from './collection-folder.js';
import { containedPath } from './contained-path.js';
import { ensureServer, serverConfigInput, serverStrings } from './collection-servers.js';
import type { DiffHost } from './diff-host.js';
import type { RunStore } from './run-store.js';
import { fillDeep, stringsIn, UnknownVariable, variableScope, type VariableScope } from './variables.js';

export type RunHandlers = Pick<
  RequestHandlers,
  'servers.list' | 'servers.add' | 'servers.update' | 'connections.list' | 'connections.connect' | 'lists.get' | 'tools.list' | 'tools.call' | 'resources.read' | 'prompts.get'
>;

export interface RunDeps {
  handlers: RunHandlers;
  secrets: SecretStore;
  env: NodeJS.ProcessEnv;
  validator: IsolatedValidator;
  diffs: DiffHost;
  runs: RunStore;
  /** A traffic entry, whole (`traffic.get`): a run's time is its request's. */
  trafficEntry(seq: number): TrafficEntry | undefined;
  /** The response message's text (as sent) for a request's entry, and the response's seq. */
  responseOf(requestSeq: number | undefined): { seq: number; text: string } | undefined;
  progress(run: RequestRun, done: number, total: number, runId: string): void;
  /** Hears each environment and secret value a run fills in, so every export redacts it. */
  remember(values: readonly string[]): void;
}

/** Where a request's result baseline is kept, in the collection: `snapshots/<request path without .yaml>.json`. */
export function baselineFile(requestPath: string): string {
  return `${SNAPSHOTS_FOLDER}/${requestPath.replace(/\.ya?ml$/i, '')}.json`;
}

/** Which of the collection's servers a request runs on: its `server`, or the collection's only one. */
export function serverKeyOf(collection: CollectionFile, request: SavedRequest | undefined): string {
  const keys = Object.keys(collection.servers);
  if (request?.server !== undefined) return request.server;
  if (keys.length === 1) return keys[0]!;
  throw new UnknownVariable(`The request names no server, and the collection has ${keys.length === 0 ? 'none' : `several (${keys.join(', ')})`}: add "server:" to it.`);
}

/** The requests a run covers: one file, a folder's files, or all. */
export function selectRequests(loaded: LoadedCollection, selection: string | undefined): LoadedRequest[] {
  if (selection === undefined || selection === '' || selection === '.') return loaded.requests;
  const folder = selection.replace(/\/+$/, '');
  const chosen = loaded.requests.filter((request) => request.path === folder || request.path.startsWith(`${folder}/`));
  if (chosen.length === 0) throw new Error(`The collection has no request or folder "${selection}".`);
  return chosen;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a server cannot take requests now, in one sentence, or undefined when it can. */
function downReason(state: ConnectionState | undefined): string | undefined {
  if (!state || state.status === 'connected') return state ? undefined : 'The server is not connected.';
  if (state.exit) {
    const how = state.exit.signal ? `was killed by ${state.exit.signal}` : `exited with code ${state.exit.code ?? 'unknown'}`;
    const tail = state.exit.stderrTail.at(-1);
    return `The server ${how} during the run${tail ? ` (its last stderr line: ${tail})` : ''}.`;
  }
  return state.failure?.message ?? `The server's connection is ${state.status}.`;
}

export class CollectionRunner {
  /** Collection server key → Loupe server id, for this run. */
  private readonly serverIds = new Map<string, string>();
  private readonly toolsLoaded = new Set<string>();
  /** The requests with `{{references}}` in them: only those are filled in (the others are sent as loaded). */
  private readonly templated = new WeakSet<SavedRequest>();

  constructor(
    private readonly deps: RunDeps,
    private readonly loaded: LoadedCollection & { collection: CollectionFile; realDir: string },
    private readonly params: RunParams,
  ) {}

  async run(): Promise<RunReport> {
    const { loaded, params } = this;
    const selected = selectRequests(loaded, params.path);
    const runId = randomUUID();
    const startedAt = Date.now();
    const referring: string[] = [];
    for (const { request } of selected) {
      const found = request ? referencesIn(request) : [];
      if (found.length === 0) continue;
      this.templated.add(request!);
      referring.push(...found);
    }
    const scope = await variableScope(loaded.collection, params.environment, this.deps.env, this.deps.secrets, loaded.realDir, [
      ...referring,
      ...Object.values(loaded.collection.servers).flatMap(serverStrings),
    ]);
    const requests: RequestRun[] = [];
    const recorder = this.deps.runs.begin(loaded.dir, runId);
    const keep = ({ run, response }: Ran) => {
      const kept = recorder.add(run, response);
      requests.push(kept);
      this.deps.progress(kept, requests.length, selected.length, runId);
    };
    // Each request goes out once the one before it is answered; the one before is checked and
    // kept while the server works on the next (its run is kept before the next's, as listed).
    let answered: Answered | Ran | undefined;
    for (const loadedRequest of selected) {
      const next = this.call(loadedRequest, scope);
      if (answered) {
        try {
          const ran = this.checked(answered);
          keep(ran instanceof Promise ? await ran : ran);
        } catch (error) {
          await next.catch(() => undefined);
          throw error;
        }
      }
      answered = await next;
    }
    if (answered) keep(await this.checked(answered));
    const checks = requests.flatMap((request) => request.checks);
    const report: RunReport = {
      runId,
      collection: loaded.collection.name,
      dir: loaded.dir,
      ...(params.environment !== undefined ? { environment: params.environment } : {}),
      startedAt,
      durationMs: Date.now() - startedAt,
      requests,
      totals: {
        requests: requests.length,
        passed: requests.filter((request) => request.status === 'passed').length,
        failed: requests.filter((request) => request.status === 'failed').length,
        errors: requests.filter((request) => request.status === 'error').length,
        checks: checks.length,
        checksFailed: checks.filter((check) => !check.passed).length,
      },
    };
    recorder.finish(report);
    return report;
  }

  private serverKeyOf(request: SavedRequest | undefined): string {
    if (this.params.serverId) return this.params.serverId;
    return serverKeyOf(this.loaded.collection, request);
  }

  /** The Loupe server a collection server runs on, when the run already knows it. */
  private knownServer(key: string): string | undefined {
    return this.params.serverId ?? this.serverIds.get(key) ?? this.params.servers?.[key];
  }

  /** The Loupe server a collection server runs on, connected once for the whole run. */
  private async serverFor(key: string, scope: VariableScope): Promise<string> {
    const known = this.knownServer(key);
    if (known) return known;
    const { id, changed } = await ensureServer(this.deps.handlers, serverConfigInput(this.loaded.collection, this.loaded.dir, key, scope));
    this.serverIds.set(key, id);
    // A connection made with other settings (another environment) is made again.
    if (changed || (await this.state(id))?.status !== 'connected') await this.deps.handlers['connections.connect']({ serverId: id });
    return id;
  }

  private async state(serverId: string): Promise<ConnectionState | undefined> {
    return (await this.deps.handlers['connections.list']()).find((connection) => connection.serverId === serverId);
  }

  /** Whether the connection's tools list is loaded, and no `list_changed` came after it was fetched. */
  private async toolsListed(serverId: string): Promise<boolean> {
    const tools = (await this.deps.handlers['lists.get']({ serverId })).find((lists) => lists.serverId === serverId)?.lists.tools;
    return tools?.status === 'loaded' && tools.fetchedAt !== undefined && (tools.changedAt === undefined || tools.changedAt < tools.fetchedAt);
  }

  /** Loads the connection's tools list once per run, unless it is loaded and current. */
  private async loadTools(serverId: string): Promise<void> {
    this.toolsLoaded.add(serverId);
    if (!(await this.toolsListed(serverId))) await this.deps.handlers['tools.list']({ serverId }).catch(() => undefined);
  }

  private send(request: SavedRequest, serverId: string): Promise<RpcOutcome> {
    const { handlers } = this.deps;
    if ('tool' in request) {
      // The tools list tells the core how a tool runs (as a task or not) and its output schema.
      if (!this.toolsLoaded.has(serverId)) return this.loadTools(serverId).then(() => this.send(request, serverId));
      const timeouts = request.timeoutMs ? { timeouts: { ...DEFAULT_CALL_TIMEOUTS, timeoutMs: request.timeoutMs, maxTotalTimeoutMs: Math.max(request.timeoutMs, DEFAULT_CALL_TIMEOUTS.maxTotalTimeoutMs) } } : {};
      return handlers['tools.call']({ serverId, name: request.tool, arguments: request.arguments ?? {}, callId: randomUUID(), ...timeouts });
    }
    if ('resource' in request) return handlers['resources.read']({ serverId, uri: request.resource });
    return handlers['prompts.get']({ serverId, name: request.prompt, arguments: request.arguments ?? {} });
  }

  /** A request that did not get as far as its checks: an error run, with why. */
  private failed(loaded: LoadedRequest, startedAt: number, server: string, error: string): Ran {
    return { run: { path: loaded.path, name: requestName(loaded), startedAt, trafficSeqs: [], resultKept: false, server, status: 'error', error, durationMs: Date.now() - startedAt, checks: [] } };
  }

  /** Sends one request and waits for its answer; a request that got no answer is a failed run already. */
  private async call(loaded: LoadedRequest, scope: VariableScope): Promise<Answered | Ran> {
    const startedAt = Date.now();
    if (!loaded.request) return this.failed(loaded, startedAt, '', loaded.problem?.message ?? `${loaded.path} could not be read.`);
    let key: string;
    let serverId: string;
    let request: SavedRequest;
    try {
      key = this.serverKeyOf(loaded.request);
      request = this.templated.has(loaded.request) ? filled(loaded.request, scope) : loaded.request;
      serverId = this.knownServer(key) ?? (await this.serverFor(key, scope));
      // Known before the request goes out, so its traffic is redacted in every export.
      this.deps.remember(scope.outsideValues());
    } catch (error) {
      return this.failed(loaded, startedAt, loaded.request.server ?? '', `${loaded.path}: ${reason(error)}`);
    }

    // A server that is down fails the call at once (not connected); its state then says why.
    let outcome: RpcOutcome;
    try {
      outcome = await this.send(request, serverId);
    } catch (error) {
      return this.failed(loaded, startedAt, key, downReason(await this.state(serverId)) ?? reason(error));
    }
    if (outcome.failure?.kind === 'disconnected' || outcome.failure?.kind === 'not-connected') {
      return this.failed(loaded, startedAt, key, downReason(await this.state(serverId)) ?? outcome.failure.message);
    }
    return { loaded, request, key, startedAt, outcome };
  }

  /** A request's run: an answered one checked (at once unless a check needs the worker or a snapshot), a failed one as it is. */
  private checked(done: Answered | Ran): Ran | Promise<Ran> {
    return 'outcome' in done ? this.check(done) : done;
  }

  /** An answered request's checks; its run, and the response's text to keep. At once unless a check needs the worker or a snapshot. */
  private check({ loaded, request, key, startedAt, outcome }: Answered): Ran | Promise<Ran> {
    const response = this.deps.responseOf(outcome.requestSeq);
    const trafficSeqs = outcome.requestSeq === undefined ? [] : [outcome.requestSeq];
    if (response) trafficSeqs.push(response.seq);
    const text = response?.text ?? (outcome.result !== undefined ? JSON.stringify({ result: outcome.result }) : undefined);
    const ran = (checks: CheckResult[]): Ran => {
      const run: RequestRun = {
        path: loaded.path,
        name: requestName(loaded),
        // When the request went out, as its traffic row says; connecting (a first run) came before.
        startedAt: (outcome.requestSeq !== undefined ? this.deps.trafficEntry(outcome.requestSeq)?.time : undefined) ?? startedAt,
        trafficSeqs,
        resultKept: false,
        server: key,
        status: checks.every((check) => check.passed) ? 'passed' : 'failed',
        durationMs: outcome.durationMs,
        checks,
      };
      return text !== undefined ? { run, response: text } : { run };
    };
    // A request without checks passes when it succeeds.
    const asked = request.checks?.length ? request.checks : NO_CHECKS;
    const checks = evaluateChecks(asked, outcome, response?.text, this.deps.validator, (check) => this.snapshotCheck(check, loaded.path, outcome, response?.text));
    return Array.isArray(checks) ? ran(checks) : checks.then(ran);
  }

  private async snapshotCheck(check: SnapshotCheck, requestPath: string, outcome: RpcOutcome, response: string | undefined): Promise<Omit<CheckResult, 'index' | 'label'>> {
    let file: string;
    try {
      file = await containedPath(this.loaded.dir, baselineFile(requestPath), { forWrite: this.params.updateSnapshots === true });
    } catch (error) {
      return { passed: false, message: reason(error) };
    }
    const current = response !== undefined ? { json: response, pointer: '/result' } : { value: outcome.result };
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (this.params.updateSnapshots) {
      await this.deps.diffs.write(current, file);
      return { passed: true, updated: true, message: exists ? 'The baseline was updated.' : 'The baseline was written.' };
    }
    if (!exists) {
      return { passed: false, message: `There is no baseline yet (${baselineFile(requestPath)}): accept a result in the app, or run "loupe test --update-snapshots".` };
    }
    try {
      const summary = await this.deps.diffs.compute({ file, maxBytes: COLLECTION_LIMITS.snapshotBytes }, current, check.snapshot.ignore ?? []);
      const { added, removed, changed } = summary.counts;
      if (added + removed + changed === 0) return { passed: true };
      const first = (await this.deps.diffs.rows(summary.diffId, 0, 1))[0];
      const parts = [changed && `${changed} changed`, added && `${added} added`, removed && `${removed} removed`].filter(Boolean).join(', ');
      return { passed: false, diffId: summary.diffId, message: `The result differs from its snapshot: ${parts}${first ? `, first at ${first.path || '/'}` : ''}.` };
    } catch (error) {
      return { passed: false, message: `The snapshot could not be compared: ${reason(error)}` };
    }
  }
}

/** What a run of one request gives: its run, and the response's text to keep. */
interface Ran {
  run: RequestRun;
  response?: string;
}

/** A request the server answered, before its checks. */
interface Answered {
  loaded: LoadedRequest;
  request: SavedRequest;
  key: string;
  startedAt: number;
  outcome: RpcOutcome;
}

/** The check of a request that has none: one object, so its label is made once. */
const NO_CHECKS: readonly Check[] = [{ name: 'outcome is success (the request has no checks)', outcome: 'success' }];

/** Each request's strings that hold a `{{reference}}`, found once: a request is the same object from run to run until its file changes. */
const references = new WeakMap<SavedRequest, string[]>();

function referencesIn(request: SavedRequest): string[] {
  let found = references.get(request);
  if (!found) references.set(request, (found = stringsIn(request)));
  return found;
}

/** The request with its variables filled in: what it sends, and the expected values of its checks. */
function filled(request: SavedRequest, scope: VariableScope): SavedRequest {
  const checks = fillChecks(request, scope);
  const withChecks = checks ? { checks } : {};
  if ('tool' in request) return { ...request, tool: scope.fill(request.tool), ...(request.arguments ? { arguments: fillDeep(request.arguments, scope) } : {}), ...withChecks };
  if ('resource' in request) return { ...request, resource: scope.fill(request.resource), ...withChecks };
  return { ...request, prompt: scope.fill(request.prompt), ...(request.arguments ? { arguments: fillDeep(request.arguments, scope) } : {}), ...withChecks };
}

/** Expected values in checks may use variables too; paths, schemas and ignore lists do not. */
function fillChecks(request: SavedRequest, scope: VariableScope): SavedRequest['checks'] {
  return request.checks?.map((check) => {
    if ('equals' in check) return { ...check, equals: fillDeep(check.equals, scope) };
    if ('contains' in check) return { ...check, contains: fillDeep(check.contains, scope) };
    if ('matches' in check) return { ...check, matches: scope.fill(check.matches) };
    return check;
  });
}
