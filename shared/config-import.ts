/**
 * Importing servers from other MCP clients' config files, and exporting Loupe's servers as snippets
 * for them. The requests are `config.discoverImports`, `config.parseImportSnippet`, `config.import`
 * and `config.exportSnippets` in contract.ts.
 */
import type { ServerConfig, ServerConfigInput } from './server-config.js';

export type ImportClient = 'claude-desktop' | 'claude-code' | 'vscode' | 'cursor' | 'windsurf' | 'gemini' | 'codex' | 'cline' | 'server-json' | 'snippet';

export const IMPORT_CLIENT_NAMES: Record<ImportClient, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  vscode: 'VS Code',
  cursor: 'Cursor',
  windsurf: 'Windsurf',
  gemini: 'Gemini CLI',
  codex: 'Codex',
  cline: 'Cline',
  'server-json': 'MCP Registry server.json',
  snippet: 'Pasted snippet',
};

/** Names of env variables and headers that hold credentials: imported rows get the secret mark, and their fields are masked. */
export const CREDENTIAL_NAME = /token|secret|passw|api[-_]?key|auth|credential|cookie|private/i;

/**
 * A variable an imported entry refers to. In an entry's config it appears in the canonical form
 * `${input:ID}` or `${env:NAME}`, whatever syntax the client's file used.
 */
export interface ImportVariable {
  /** `input:ID` or `env:NAME`: the key of its value in `config.import`'s `values`. */
  id: string;
  kind: 'input' | 'env';
  name: string;
  description?: string | undefined;
  /** Its value is a secret (a VS Code `password` input): the UI masks the field. */
  password: boolean;
  /** Used when no value is given and (for `env`) the environment has none. */
  default?: string | undefined;
  /** `env` only: Loupe's environment has this variable, so it resolves without a value. */
  inEnvironment?: boolean | undefined;
}

/** One server entry of a config file. */
export interface ImportEntry {
  /** Unique within a discovery. */
  key: string;
  name: string;
  /** Absent when the entry is unusable; `problem` then says why in one sentence. */
  config?: ServerConfigInput;
  problem?: string;
  variables: ImportVariable[];
  /** Things the client's entry has that Loupe does not use (e.g. `envFile`), one sentence each. */
  notes: string[];
  /** The client has this entry switched off. */
  disabled?: boolean;
  /** The name of a Loupe server with the same transport settings already. */
  existingMatch?: string;
}

/** One config file (or a pasted snippet) and what it holds. */
export interface ImportSource {
  id: string;
  client: ImportClient;
  /** e.g. "Claude Code (user)", "VS Code (workspace)". */
  label: string;
  /** The file; absent for a pasted snippet. */
  path?: string;
  /** The whole file could not be used (bad JSON or TOML, wrong shape), in one sentence. */
  problem?: string;
  entries: ImportEntry[];
}

export interface ImportDiscovery {
  sources: ImportSource[];
  /** Standard paths that were looked at and do not exist. */
  searched: string[];
}

export interface ImportRequestItem {
  name: string;
  config: ServerConfigInput;
  variables: ImportVariable[];
}

export interface ImportParams {
  items: ImportRequestItem[];
  /** Values typed for variables, by variable id. An empty string counts as not given. */
  values: Record<string, string>;
}

export interface ImportResult {
  added: ServerConfig[];
  /** Entries whose name was taken and got a suffix. */
  renamed: { from: string; to: string }[];
  /** Variables left in an added server's config because nothing gave them a value, one sentence each. */
  unresolved: string[];
  /** Entries not added, one sentence each. */
  problems: string[];
}

export interface ExportSnippet {
  client: Exclude<ImportClient, 'snippet' | 'cline' | 'server-json'>;
  /** Where the snippet goes, e.g. "~/.cursor/mcp.json". */
  target: string;
  /** Absent when the client cannot use this server; `note` then says why. */
  text?: string;
  note?: string;
}
