/**
 * Collections: saved requests kept as YAML files in a folder beside a server's code (see
 * docs/collections.md for the format). These are the shapes the core, the CLI and the window share.
 */
import type { JsonObject } from './mcp.js';
import type { ProtocolEraSetting } from './server-config.js';

/** The collection file's name inside the folder. */
export const COLLECTION_FILE = 'collection.yaml';
/** Result baselines (snapshot checks) live here, one JSON file per request, mirroring the request's path. */
export const SNAPSHOTS_FOLDER = 'snapshots';
/** Capability snapshots (a server's whole surface) live here, one JSON file each. */
export const SURFACES_FOLDER = 'surfaces';
/** The format version written into collection.yaml (`loupe: 1`). */
export const COLLECTION_FORMAT_VERSION = 1;

export const COLLECTION_LIMITS = {
  /** A request or collection file larger than this is not read (it says so): files are parsed on the core's event loop. */
  fileBytes: 256_000,
  /** Request files in one collection; past this the rest are listed as a problem. */
  requests: 5_000,
  /** How deep folders of requests go, and how many folders are looked through. */
  folderDepth: 8,
  folders: 2_000,
  /** A result baseline or capability snapshot file larger than this is not read. */
  snapshotBytes: 64_000_000,
} as const;

/** A server the collection names: a command (stdio) or a URL (HTTP), with `{{variables}}` in its strings. */
export type CollectionServer =
  | {
      command: string;
      args?: string[];
      env?: Record<string, string>;
      /** Relative to the collection folder; the folder that holds the collection when absent. */
      cwd?: string;
      era?: ProtocolEraSetting;
    }
  | {
      url: string;
      /** `http` (Streamable HTTP, the default) or `sse` (the 2024-11-05 transport). */
      transport?: 'http' | 'sse';
      headers?: Record<string, string>;
      era?: ProtocolEraSetting;
    };

/** collection.yaml, as parsed. */
export interface CollectionFile {
  loupe: number;
  name: string;
  servers: Record<string, CollectionServer>;
  variables?: Record<string, string>;
  environments?: Record<string, Record<string, string>>;
}

export type OutcomeExpectation = 'success' | 'isError' | 'error';

/** One check in a request file. Exactly one of its kinds. */
export type Check =
  | { name?: string; outcome: OutcomeExpectation; code?: number }
  | { name?: string; path: string; equals: unknown }
  | { name?: string; path: string; contains: unknown }
  | { name?: string; path: string; matches: string; flags?: string }
  | { name?: string; path: string; exists: boolean }
  | { name?: string; schema: JsonObject }
  | { name?: string; latencyMs: number }
  | { name?: string; snapshot: { ignore?: string[] } };

/** What a request sends: one of a tool call, a resource read or a prompt get. */
export type RequestAction =
  | { tool: string; arguments?: JsonObject }
  | { resource: string }
  | { prompt: string; arguments?: Record<string, string> };

/** A request file, as parsed (strings still hold their `{{variables}}`). */
export type SavedRequest = RequestAction & {
  name?: string;
  /** Which of the collection's servers; may be left out when it has one. */
  server?: string;
  timeoutMs?: number;
  checks?: Check[];
};

/** A file that could not be used, and why, in one sentence naming the file and the line. */
export interface CollectionProblem {
  /** Relative to the collection folder. */
  file: string;
  line?: number;
  message: string;
}

export type RequestTreeNode =
  | { kind: 'folder'; name: string; path: string; children: RequestTreeNode[] }
  | {
      kind: 'request';
      /** The file's path relative to the collection folder, with `/` separators, e.g. `search/by-city.yaml`. */
      path: string;
      /** The request's `name`, else its file name without `.yaml`. */
      name: string;
      /** What it sends, in a few words (`tool echo`), or absent when the file is broken. */
      summary?: string;
      checks: number;
      /** Set when the file does not parse or has the wrong shape: it does not run. */
      problem?: CollectionProblem;
    };

/** An open collection as the window sees it. Secrets never appear here (only their references). */
export interface CollectionView {
  id: string;
  dir: string;
  name: string;
  servers: Array<{ key: string; kind: 'stdio' | 'http' | 'sse'; target: string; era?: ProtocolEraSetting }>;
  environments: string[];
  tree: RequestTreeNode[];
  problems: CollectionProblem[];
  /** The capability snapshots in `surfaces/`, by name (file name without `.json`). */
  surfaces: string[];
}

export interface RequestFileView {
  path: string;
  /** The file's text, as on disk. */
  text: string;
  request?: SavedRequest;
  problem?: CollectionProblem;
}

export interface CheckResult {
  /** The check's place in the request's `checks`. */
  index: number;
  /** What the check asks, in a few words (its `name` when it has one). */
  label: string;
  passed: boolean;
  /** Why it failed, or could not be evaluated, in one sentence. */
  message?: string;
  /** A snapshot check that failed: the diff against the baseline (`diffs.rows`). */
  diffId?: string;
  /** A snapshot check that wrote a new baseline (`updateSnapshots`, or none existed with it on). */
  updated?: boolean;
}

export type RequestRunStatus = 'passed' | 'failed' | 'error';

/** One request's run: its outcome, its checks and where it is in the traffic log. */
export interface RequestRun {
  path: string;
  name: string;
  /** The collection's server key it ran against, or the Loupe server it was pointed at. */
  server: string;
  /** `error`: the request could not be sent or answered (bad file, unknown variable, server gone). */
  status: RequestRunStatus;
  /** When status is `error`: why, in one sentence. */
  error?: string;
  /** When its request was sent (the time of its traffic entry); for a request that was not sent, when its run began. */
  startedAt: number;
  durationMs: number;
  checks: CheckResult[];
  /** The request's and its response's entries in the traffic log (`traffic.get`). */
  trafficSeqs: number[];
  /** Whether the run store kept the result (`diffs.open` with a run source). */
  resultKept: boolean;
}

export interface RunTotals {
  requests: number;
  passed: number;
  failed: number;
  errors: number;
  checks: number;
  checksFailed: number;
}

export interface RunReport {
  runId: string;
  collection: string;
  dir: string;
  environment?: string;
  startedAt: number;
  durationMs: number;
  requests: RequestRun[];
  totals: RunTotals;
}

export interface RunParams {
  collectionId: string;
  /** A request file or a folder (relative); the whole collection when absent. */
  path?: string;
  /** Run every request against this Loupe server instead of the collection's servers. */
  serverId?: string;
  /** Which collection server runs on which Loupe server (the CLI connects them first). */
  servers?: Record<string, string>;
  environment?: string;
  /** Snapshot checks write the result as the new baseline instead of comparing. */
  updateSnapshots?: boolean;
}

/** A request's kept runs: the last one and the one before. */
export interface RequestRuns {
  last?: RequestRun;
  previous?: RequestRun;
}

// ─── Result diffs ───────────────────────────────────────────────────────────────────────────────

/** Where one side of a result diff comes from. */
export type DiffSource =
  | { kind: 'run'; collectionId: string; path: string; which: 'last' | 'previous' }
  | { kind: 'snapshot'; collectionId: string; path: string }
  | { kind: 'traffic'; seq: number };

export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
}

/**
 * One row of a diff, in document order. A changed long text is a `text` row followed by its
 * `line` rows (context lines around the changes only).
 */
export type DiffRow =
  | { kind: 'added'; path: string; after: string }
  | { kind: 'removed'; path: string; before: string }
  | { kind: 'changed'; path: string; before: string; after: string }
  | { kind: 'text'; path: string; linesAdded: number; linesRemoved: number }
  | { kind: 'line'; path: string; op: '+' | '-' | ' '; text: string; beforeLine?: number; afterLine?: number }
  | { kind: 'gap'; path: string; lines: number };

export interface DiffSummary {
  diffId: string;
  counts: DiffCounts;
  /** Rows in all; read them with `diffs.rows` in windows. */
  rows: number;
  /** Sentences about what the diff left out (a value too large to preview, a text diff cut short). */
  notes: string[];
}

/** Previews of a value in a row are cut at this many characters. */
export const DIFF_PREVIEW_CHARS = 2_000;

// ─── Capability snapshots ───────────────────────────────────────────────────────────────────────

/** A server's whole surface, as one file (`surfaces/NAME.json`, or `loupe snapshot --out`). */
export interface CapabilitySnapshot {
  loupeSurface: 1;
  takenAt: string;
  server: { name: string; version: string; protocolVersion: string; era: string };
  capabilities: JsonObject;
  tools: JsonObject[];
  resources: JsonObject[];
  resourceTemplates: JsonObject[];
  prompts: JsonObject[];
}

export type ChangeClass = 'breaking' | 'additive' | 'cosmetic';
export const CHANGE_CLASSES: readonly ChangeClass[] = ['breaking', 'additive', 'cosmetic'];

export interface SurfaceChange {
  class: ChangeClass;
  /** What changed: `tool echo`, `prompt greet`, `resource file:///a`, `template file:///{name}`, `capabilities`. */
  subject: string;
  /** Where inside it (a JSON Pointer into the item), empty for the item itself. */
  path: string;
  /** One sentence that says what changed (and for a breaking change, what breaks). */
  message: string;
}

export interface SurfaceDiff {
  changes: SurfaceChange[];
  counts: Record<ChangeClass, number>;
}

/** One side of a capability diff: a connected server, or a snapshot file in a collection. */
export type SurfaceSource = { kind: 'server'; serverId: string } | { kind: 'file'; collectionId: string; name: string };

/** A capability snapshot saved in a collection, as listed (`surfaces.list`): whose surface it is and when it was taken. */
export interface SurfaceListing {
  name: string;
  server?: CapabilitySnapshot['server'];
  takenAt?: string;
  /** Why the file could not be read as a snapshot, in one sentence. */
  problem?: string;
}

/** A secret a collection names as `{{secret:NAME}}`: whether Loupe has a value for it (never the value). */
export interface CollectionSecret {
  name: string;
  /** Set in Loupe's keychain (`collections.setSecret`). */
  inKeychain: boolean;
  /** The environment variable that stands in for it where there is no keychain (CI): LOUPE_SECRET_NAME. */
  environmentVariable: string;
  /** That environment variable is set in the core's environment. */
  inEnvironment: boolean;
  /** The files that name it (collection.yaml, request paths). */
  usedIn: string[];
}

/**
 * What running a collection would do with things that are the person's, not the collection's:
 * the commands it starts and the environment variables and secrets it reads, each with where it
 * would go. A collection comes from someone's repository, so a run waits until this is allowed;
 * the answer is kept for the folder and this exact content (`hash`).
 */
export interface CollectionConsent {
  collectionId: string;
  collection: string;
  /** The folder, at its real path. */
  dir: string;
  /** Of the server definitions and of each reference with where it goes: any change asks again. */
  hash: string;
  /** Whether a run needs an answer at all (it starts a command or reads a variable or secret). */
  needed: boolean;
  /** Allowed before (remembered for this folder and hash), or for this session. */
  granted: boolean;
  /** The local commands a run starts, by the collection's server key. */
  commands: Array<{ server: string; command: string }>;
  /** Each environment variable (`{{env:NAME}}`) and secret (`{{secret:NAME}}`) it reads, and which servers it is sent to. */
  reads: Array<{ kind: 'env' | 'secret'; name: string; sentTo: string[] }>;
}
