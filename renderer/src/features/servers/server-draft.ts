import {
  DEFAULT_CALL_TIMEOUTS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_PROTOCOL_ERA,
  type CallTimeouts,
  type ProtocolEraSetting,
  type KeyValue,
  type ServerConfig,
  type ServerConfigInput,
  type TransportType,
} from '../../../../shared/server-config.js';
import { clientDraftFrom, clientSetting, validateClientDraft, type ClientDraft } from './client-draft.js';

export interface KeyValueDraft {
  /** Stable identity for React while rows are added and removed. */
  rowId: string;
  key: string;
  value: string;
  secret: boolean;
}

/** What the server form edits. Both transports' fields are kept, so switching back loses nothing. */
export interface ServerDraft {
  name: string;
  transport: TransportType;
  command: string;
  /** One argument per line. */
  argsText: string;
  env: KeyValueDraft[];
  cwd: string;
  url: string;
  headers: KeyValueDraft[];
  /** Default call timeouts, in seconds as typed. */
  timeoutSeconds: string;
  maxTotalSeconds: string;
  resetTimeoutOnProgress: boolean;
  /** How long connecting may take, in seconds as typed. */
  connectSeconds: string;
  era: ProtocolEraSetting;
  /** Who Loupe presents itself as to this server (client emulation). */
  client: ClientDraft;
  /** Everything the form does not edit (roots, …), saved back unchanged. */
  preserved: Omit<ServerConfigInput, 'name' | 'transport' | 'timeouts' | 'era' | 'connectTimeoutMs' | 'client'>;
  /** The config had its own timeouts: keep writing them even when they equal the defaults. */
  hadTimeouts: boolean;
}

export type DraftErrors = Partial<Record<string, string>>;

let rowCount = 0;
export function newRow(entry?: KeyValue): KeyValueDraft {
  rowCount += 1;
  return { rowId: `row-${rowCount}`, key: entry?.key ?? '', value: entry?.value ?? '', secret: entry?.secret ?? false };
}

export function draftFromConfig(config?: ServerConfig): ServerDraft {
  const draft: ServerDraft = {
    name: config?.name ?? '',
    transport: config?.transport.type ?? 'stdio',
    command: '',
    argsText: '',
    env: [],
    cwd: '',
    url: '',
    headers: [],
    ...timeoutFields(config?.timeouts ?? DEFAULT_CALL_TIMEOUTS),
    era: config?.era ?? DEFAULT_PROTOCOL_ERA,
    client: clientDraftFrom(config?.client),
    connectSeconds: secondsText(config?.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS),
    preserved: {},
    hadTimeouts: config?.timeouts !== undefined,
  };
  if (config) {
    const { id: _id, name: _name, transport: _transport, timeouts: _timeouts, era: _era, connectTimeoutMs: _connect, client: _client, ...preserved } = config;
    draft.preserved = preserved;
  }
  const transport = config?.transport;
  if (transport?.type === 'stdio') {
    draft.command = transport.command;
    draft.argsText = transport.args.join('\n');
    draft.env = transport.env.map(newRow);
    draft.cwd = transport.cwd ?? '';
  } else if (transport) {
    draft.url = transport.url;
    draft.headers = transport.headers.map(newRow);
  }
  return draft;
}

const secondsText = (ms: number) => String(Math.round(ms / 100) / 10);

function timeoutFields(timeouts: CallTimeouts): Pick<ServerDraft, 'timeoutSeconds' | 'maxTotalSeconds' | 'resetTimeoutOnProgress'> {
  return {
    timeoutSeconds: secondsText(timeouts.timeoutMs),
    maxTotalSeconds: secondsText(timeouts.maxTotalTimeoutMs),
    resetTimeoutOnProgress: timeouts.resetTimeoutOnProgress,
  };
}

/** A positive number of seconds, or null. */
function parseSeconds(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

function validateTimeouts(draft: ServerDraft, errors: DraftErrors): void {
  const timeout = parseSeconds(draft.timeoutSeconds);
  const max = parseSeconds(draft.maxTotalSeconds);
  if (timeout === null) errors.timeoutSeconds = 'Enter a number of seconds greater than 0.';
  if (max === null) errors.maxTotalSeconds = 'Enter a number of seconds greater than 0.';
  else if (timeout !== null && max < timeout) errors.maxTotalSeconds = 'The maximum total cannot be shorter than the timeout.';
  if (parseSeconds(draft.connectSeconds) === null) errors.connectSeconds = 'Enter a number of seconds greater than 0.';
}

/** The connect timeout to save: only when it differs from the default. */
function connectTimeout(draft: ServerDraft): Pick<ServerConfigInput, 'connectTimeoutMs'> {
  const seconds = parseSeconds(draft.connectSeconds);
  const ms = seconds === null ? DEFAULT_CONNECT_TIMEOUT_MS : Math.round(seconds * 1000);
  return ms === DEFAULT_CONNECT_TIMEOUT_MS ? {} : { connectTimeoutMs: ms };
}

/** The timeouts to save, or undefined to keep using the defaults (when nothing differs from them). */
function draftTimeouts(draft: ServerDraft): CallTimeouts | undefined {
  const timeouts: CallTimeouts = {
    timeoutMs: Math.round((parseSeconds(draft.timeoutSeconds) ?? DEFAULT_CALL_TIMEOUTS.timeoutMs / 1000) * 1000),
    maxTotalTimeoutMs: Math.round((parseSeconds(draft.maxTotalSeconds) ?? DEFAULT_CALL_TIMEOUTS.maxTotalTimeoutMs / 1000) * 1000),
    resetTimeoutOnProgress: draft.resetTimeoutOnProgress,
  };
  const isDefault =
    timeouts.timeoutMs === DEFAULT_CALL_TIMEOUTS.timeoutMs &&
    timeouts.maxTotalTimeoutMs === DEFAULT_CALL_TIMEOUTS.maxTotalTimeoutMs &&
    timeouts.resetTimeoutOnProgress === DEFAULT_CALL_TIMEOUTS.resetTimeoutOnProgress;
  return isDefault && !draft.hadTimeouts ? undefined : timeouts;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const filledRows = (rows: KeyValueDraft[]) => rows.filter((row) => row.key.trim() !== '' || row.value !== '');

function validateRows(rows: KeyValueDraft[], field: 'env' | 'headers', errors: DraftErrors): void {
  const seen = new Set<string>();
  for (const row of filledRows(rows)) {
    const key = row.key.trim();
    if (key === '') errors[`${field}.${row.rowId}`] = 'Give this value a name.';
    else if (field === 'headers' && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key))
      errors[`${field}.${row.rowId}`] = `“${key}” is not a valid header name.`;
    else if (field === 'env' && key.includes('='))
      errors[`${field}.${row.rowId}`] = 'An environment variable name cannot contain “=”.';
    else if (seen.has(key.toLowerCase()) && field === 'headers')
      errors[`${field}.${row.rowId}`] = `The header “${key}” is listed twice.`;
    else if (seen.has(key) && field === 'env') errors[`${field}.${row.rowId}`] = `“${key}” is listed twice.`;
    seen.add(field === 'headers' ? key.toLowerCase() : key);
  }
}

/** The problems that stop the draft being saved, keyed by field (`name`, `command`, `url`, `env.<rowId>`…). */
export function validateDraft(draft: ServerDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'Enter a name for this server.';
  if (draft.transport === 'stdio') {
    if (draft.command.trim() === '') errors.command = 'Enter the command that starts the server.';
    validateRows(draft.env, 'env', errors);
  } else {
    const url = draft.url.trim();
    if (url === '') errors.url = 'Enter the server’s URL.';
    else if (!isHttpUrl(url)) errors.url = 'The URL must start with http:// or https://.';
    validateRows(draft.headers, 'headers', errors);
  }
  validateTimeouts(draft, errors);
  validateClientDraft(draft.client, errors);
  return errors;
}

const toKeyValues = (rows: KeyValueDraft[]): KeyValue[] =>
  filledRows(rows).map((row) => ({ key: row.key.trim(), value: row.value, ...(row.secret ? { secret: true } : {}) }));

/** Blank lines are dropped; surrounding whitespace on a line is almost always a typing slip. */
export function parseArgs(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function draftToInput(draft: ServerDraft): ServerConfigInput {
  const name = draft.name.trim();
  const timeouts = draftTimeouts(draft);
  const preserved = {
    ...draft.preserved,
    ...(timeouts ? { timeouts } : {}),
    ...(draft.era !== DEFAULT_PROTOCOL_ERA ? { era: draft.era } : {}),
    ...clientSetting(draft.client),
    ...connectTimeout(draft),
  };
  if (draft.transport === 'stdio') {
    const cwd = draft.cwd.trim();
    return {
      ...preserved,
      name,
      transport: {
        type: 'stdio',
        command: draft.command.trim(),
        args: parseArgs(draft.argsText),
        env: toKeyValues(draft.env),
        ...(cwd ? { cwd } : {}),
      },
    };
  }
  return {
    ...preserved,
    name,
    transport: { type: draft.transport, url: draft.url.trim(), headers: toKeyValues(draft.headers) },
  };
}
