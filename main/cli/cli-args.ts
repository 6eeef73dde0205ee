import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { AuthSettings } from '../../shared/auth.js';
import type { JsonObject } from '../../shared/mcp.js';
import { CLIENT_PRESET_IDS, type ClientPresetId } from '../../shared/client-emulation.js';
import { PROTOCOL_ERA_SETTINGS, type KeyValue, type ProtocolEraSetting } from '../../shared/server-config.js';
import { inputTooDeep } from '../core/base/process-crossing.js';
import { NON_SECRET_HEADERS } from '../core/transports/http-redaction.js';
import { UsageError } from './exit-codes.js';

/** Which server a command talks to: one from the data folder's list, or one given on the command line. */
export type Target =
  | { kind: 'configured'; nameOrId: string }
  | { kind: 'stdio'; command: string; args: string[]; env: KeyValue[] }
  | { kind: 'http'; transport: 'streamable-http' | 'sse'; url: string; headers: KeyValue[] };

/** OAuth from the command line: settings merged over the server's own, and whether to sign in on a 401. */
export interface CliAuthOptions {
  settings: AuthSettings;
  /** Sign in when the server refuses access; without it only tokens the app stored are used. */
  signIn: boolean;
  /** The name of the environment variable holding the client secret (never the secret itself). */
  clientSecretEnv?: string;
  /** A PEM private key file, for private_key_jwt. */
  privateKeyFile?: string;
  /** Cross-app access: the variables holding the identity provider's ID token and Loupe's client secret there. */
  idpIdTokenEnv?: string;
  idpClientSecretEnv?: string;
}

export interface CommonOptions {
  dataDir: string;
  json: boolean;
  record?: string;
  /** Write the session's HTTP exchanges as HAR 1.2 to this file. */
  har?: string;
  /** Send a span per request to this OTLP/HTTP traces endpoint. */
  otlp?: string;
  replies?: string;
  era?: ProtocolEraSetting;
  /** Present Loupe to the server as this client (and, without --era, in its era). */
  client?: ClientPresetId;
  timeoutMs?: number;
  auth?: CliAuthOptions;
}

export type Action =
  | { kind: 'connect' }
  | { kind: 'tools.list' }
  | { kind: 'tools.call'; name: string; arguments: JsonObject }
  | { kind: 'resources.list' }
  | { kind: 'resources.read'; uri: string }
  | { kind: 'prompts.list' }
  | { kind: 'prompts.get'; name: string; arguments: Record<string, string> };

export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'servers'; options: CommonOptions }
  | { kind: 'server'; action: Action; target: Target; options: CommonOptions };

export const TARGET_HELP = `Server (one of):
  --server NAME|ID        A server from the data folder's list (see "loupe servers")
  --url URL               An HTTP server; --transport http (Streamable HTTP, the default) or sse
  --header "Key: Value"   An HTTP header (repeatable)
  -- COMMAND [ARGS…]      A stdio server started with this command; --env KEY=VALUE (repeatable)`;

export const COMMON_HELP = `Options:
  --data-dir DIR          The app's data folder, read only (default: $LOUPE_DATA_DIR, else the desktop app's folder)
  --json                  Print JSON instead of text
  --record FILE           Write the session's traffic as JSON Lines, the format the app imports
  --har FILE              Write the session's HTTP exchanges as HAR 1.2 (Chrome DevTools, Charles)
  --otlp URL              Send a span per MCP request to this OTLP/HTTP traces endpoint
                          (e.g. http://localhost:4318/v1/traces; headers from OTEL_EXPORTER_OTLP_HEADERS)
  --replies FILE          Answers for sampling and elicitation requests (see the README)
  --era auto|legacy|modern  Protocol era (default: the server's setting, else auto)
  --client ID             Present Loupe as this client: ${CLIENT_PRESET_IDS.join(', ')}
                          (its clientInfo, capabilities and protocol versions; docs/client-emulation.md)
  --timeout MS            How long connecting and each request may take
  --help                  Show this help`;

export const AUTH_HELP = `OAuth (HTTP servers; tokens the app stored are used without these):
  --sign-in               Sign in when the server asks (401): the authorization page's URL is printed
                          and opened through a loopback redirect, unless --authorize-with http-get
  --client-id ID          A pre-registered client id
  --client-metadata-url URL  Loupe's Client ID Metadata Document (https), used as the client id
                          where the server supports it
  --client-secret-env VAR The environment variable that holds the client secret
  --private-key FILE      A PEM private key: the client authenticates with private_key_jwt
  --grant client_credentials|authorization_code|cross-app-access
  --scopes "A B"          Scopes to ask for (default: the challenge's, else the server's)
  --authorize-with browser|http-get  http-get: the CLI follows the authorization URL itself
                          (for servers that approve without a person)
  --allow-issuer-mismatch Accept metadata whose issuer differs (some 2025-03-26 servers)
  Cross-app access (an ID token from your identity provider, exchanged there; no browser):
  --idp-token-endpoint URL  --idp-client-id ID
  --idp-id-token-env VAR  --idp-client-secret-env VAR`;

const HELP: Record<string, string> = {
  main: `Usage: loupe <command> [options]

MCP Loupe on the command line: the app's core, without a window.

Commands:
  servers                 List the servers configured in the app
  connect                 Connect and print what the server says about itself
  tools list | call NAME [--args JSON]
  resources list | read URI
  prompts list | get NAME [--args JSON]
{{more}}
Run "loupe <command> --help" for a command's options.

Exit codes: 0 ok, 1 the call failed or the tool returned isError, 2 usage error,
3 the connection failed, 4 any other error, 5 lint findings (or failed calls in a load run).`,
  servers: `Usage: loupe servers [--data-dir DIR] [--json]

Lists the servers configured in the app's data folder (its servers.json, read only).`,
  connect: `Usage: loupe connect <server> [options]

Connects, prints the server's name, version, protocol and capabilities, and disconnects.

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`,
  tools: `Usage: loupe tools list <server> [options]
       loupe tools call NAME [--args JSON] <server> [options]

Lists the server's tools, or calls one with a JSON object of arguments (default {}).
A result with isError: true exits with 1.

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`,
  resources: `Usage: loupe resources list <server> [options]
       loupe resources read URI <server> [options]

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`,
  prompts: `Usage: loupe prompts list <server> [options]
       loupe prompts get NAME [--args JSON] <server> [options]

--args is a JSON object of string values.

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`,
};

/** The options every server command takes: the server, the common options and sign-in. */
export const SERVER_OPTIONS = {
  'sign-in': { type: 'boolean' },
  'client-id': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'client-secret-env': { type: 'string' },
  'private-key': { type: 'string' },
  grant: { type: 'string' },
  scopes: { type: 'string' },
  'authorize-with': { type: 'string' },
  'allow-issuer-mismatch': { type: 'boolean' },
  'idp-token-endpoint': { type: 'string' },
  'idp-client-id': { type: 'string' },
  'idp-id-token-env': { type: 'string' },
  'idp-client-secret-env': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  record: { type: 'string' },
  har: { type: 'string' },
  otlp: { type: 'string' },
  replies: { type: 'string' },
  era: { type: 'string' },
  client: { type: 'string' },
  timeout: { type: 'string' },
  server: { type: 'string' },
  url: { type: 'string' },
  transport: { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  args: { type: 'string' },
} satisfies ParseArgsConfig['options'];

type Values = ReturnType<typeof parseArgs<{ options: typeof SERVER_OPTIONS; allowPositionals: true; strict: true }>>['values'];

function parseJsonObject(text: string, what: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${what} must be a JSON object.`);
  const tooDeep = inputTooDeep(value, what);
  if (tooDeep) throw new UsageError(tooDeep);
  return value as JsonObject;
}

function stringArguments(args: JsonObject): Record<string, string> {
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') throw new UsageError(`Prompt argument "${key}" must be a string: prompts take text arguments only.`);
  }
  return args as Record<string, string>;
}

function pairs(values: string[] | undefined, separator: string, what: string): KeyValue[] {
  return (values ?? []).map((raw) => {
    const at = raw.indexOf(separator);
    const key = at > 0 ? raw.slice(0, at).trim() : '';
    if (key === '') throw new UsageError(`${what} "${raw}" must look like KEY${separator}VALUE.`);
    return { key, value: raw.slice(at + 1).trim() };
  });
}

export function parseTarget(values: Values, command: string[]): Target {
  const given = [values.server !== undefined, values.url !== undefined, command.length > 0].filter(Boolean).length;
  if (given === 0) throw new UsageError('Name a server: --server NAME, --url URL, or -- COMMAND [ARGS…].');
  if (given > 1) throw new UsageError('Give only one of --server, --url and -- COMMAND.');
  if (values.url === undefined && (values.transport !== undefined || values.header !== undefined)) {
    throw new UsageError('--transport and --header apply to --url only.');
  }
  if (command.length === 0 && values.env !== undefined) throw new UsageError('--env applies to a command after -- only.');
  if (command.length > 0 && AUTH_FLAGS.some((flag) => values[flag] !== undefined)) throw new UsageError('Sign-in options apply to HTTP servers only, not to a command after --.');
  if (values.server !== undefined) {
    if (values.server.trim() === '') throw new UsageError('--server needs a name or id.');
    return { kind: 'configured', nameOrId: values.server };
  }
  if (values.url !== undefined) {
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw new UsageError(`--url "${values.url}" is not a URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http or https, got "${url.protocol}".`);
    const transport = values.transport ?? 'http';
    if (transport !== 'http' && transport !== 'sse') throw new UsageError(`--transport must be http or sse, got "${transport}".`);
    // Every header value given on the command line is a secret for redaction, unless it is known not to be one.
    const headers = pairs(values.header, ':', 'Header').map((pair) => (NON_SECRET_HEADERS.has(pair.key.toLowerCase()) ? pair : { ...pair, secret: true }));
    return { kind: 'http', transport: transport === 'sse' ? 'sse' : 'streamable-http', url: values.url, headers };
  }
  const [executable, ...args] = command;
  return { kind: 'stdio', command: executable ?? '', args, env: pairs(values.env, '=', 'Environment variable') };
}

export function parseCommon(values: Values, defaultDataDir: string): CommonOptions {
  const options: CommonOptions = { dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : defaultDataDir, json: values.json === true };
  if (values.record !== undefined) options.record = path.resolve(values.record);
  if (values.har !== undefined) options.har = path.resolve(values.har);
  if (values.otlp !== undefined) {
    if (!/^https?:\/\//i.test(values.otlp) || !URL.canParse(values.otlp)) throw new UsageError(`--otlp must be an http or https URL, got "${values.otlp}".`);
    options.otlp = values.otlp;
  }
  if (values.replies !== undefined) options.replies = path.resolve(values.replies);
  if (values.era !== undefined) {
    if (!PROTOCOL_ERA_SETTINGS.includes(values.era as ProtocolEraSetting)) throw new UsageError(`--era must be one of ${PROTOCOL_ERA_SETTINGS.join(', ')}.`);
    options.era = values.era as ProtocolEraSetting;
  }
  if (values.client !== undefined) {
    if (!CLIENT_PRESET_IDS.includes(values.client as ClientPresetId)) throw new UsageError(`--client must be one of ${CLIENT_PRESET_IDS.join(', ')}.`);
    options.client = values.client as ClientPresetId;
  }
  if (values.timeout !== undefined) {
    const ms = /^\d+$/.test(values.timeout) ? Number(values.timeout) : NaN;
    if (!(ms > 0)) throw new UsageError(`--timeout expects a positive number of milliseconds, got "${values.timeout}".`);
    options.timeoutMs = ms;
  }
  const auth = parseAuth(values);
  if (auth) options.auth = auth;
  return options;
}

const AUTH_FLAGS = [
  'sign-in',
  'client-id',
  'client-metadata-url',
  'client-secret-env',
  'private-key',
  'grant',
  'scopes',
  'authorize-with',
  'allow-issuer-mismatch',
  'idp-token-endpoint',
  'idp-client-id',
  'idp-id-token-env',
  'idp-client-secret-env',
] as const;

function envName(values: Values, flag: 'client-secret-env' | 'idp-id-token-env' | 'idp-client-secret-env'): string | undefined {
  const name = values[flag];
  if (name !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--${flag} takes the name of an environment variable, got "${name}".`);
  return name;
}

function parseAuth(values: Values): CliAuthOptions | undefined {
  if (!AUTH_FLAGS.some((flag) => values[flag] !== undefined)) return undefined;
  const settings: AuthSettings = {};
  if (values['client-id'] !== undefined) {
    if (values['client-id'].trim() === '') throw new UsageError('--client-id needs an id.');
    settings.clientId = values['client-id'].trim();
  }
  if (values['client-metadata-url'] !== undefined) settings.clientMetadataUrl = values['client-metadata-url'];
  if (values.scopes !== undefined) settings.scopes = values.scopes;
  if (values.grant !== undefined) {
    if (values.grant !== 'client_credentials' && values.grant !== 'authorization_code' && values.grant !== 'cross-app-access') {
      throw new UsageError(`--grant must be client_credentials, authorization_code or cross-app-access, got "${values.grant}".`);
    }
    settings.grant = values.grant;
  }
  const authorizeWith = values['authorize-with'];
  if (authorizeWith !== undefined) {
    if (authorizeWith !== 'browser' && authorizeWith !== 'http-get') throw new UsageError(`--authorize-with must be browser or http-get, got "${authorizeWith}".`);
    settings.authorizeWith = authorizeWith;
  }
  if (values['allow-issuer-mismatch']) settings.allowIssuerMismatch = true;
  if (values['idp-token-endpoint'] !== undefined) settings.idpTokenEndpoint = values['idp-token-endpoint'];
  if (values['idp-client-id'] !== undefined) settings.idpClientId = values['idp-client-id'];
  const auth: CliAuthOptions = { settings, signIn: values['sign-in'] === true };
  const secretEnv = envName(values, 'client-secret-env');
  if (secretEnv !== undefined) auth.clientSecretEnv = secretEnv;
  const idTokenEnv = envName(values, 'idp-id-token-env');
  if (idTokenEnv !== undefined) auth.idpIdTokenEnv = idTokenEnv;
  const idpSecretEnv = envName(values, 'idp-client-secret-env');
  if (idpSecretEnv !== undefined) auth.idpClientSecretEnv = idpSecretEnv;
  if (values['private-key'] !== undefined) {
    if (secretEnv !== undefined) throw new UsageError('Give --client-secret-env or --private-key, not both.');
    settings.clientAuthentication = 'private_key_jwt';
    auth.privateKeyFile = path.resolve(values['private-key']);
  }
  return auth;
}

function parseAction(group: string, positionals: string[], values: Values): Action {
  const [verb, subject] = positionals;
  const noExtra = (count: number) => {
    const rest = positionals.slice(count);
    if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}" (a stdio command goes after --).`);
  };
  const needSubject = (what: string) => {
    if (!subject) throw new UsageError(`"${group} ${verb}" needs ${what}.`);
    return subject;
  };
  const args = (what: string) => (values.args === undefined ? {} : parseJsonObject(values.args, what));
  if (values.args !== undefined && !((group === 'tools' && verb === 'call') || (group === 'prompts' && verb === 'get'))) {
    throw new UsageError('--args applies to "tools call" and "prompts get" only.');
  }
  if (group === 'connect') {
    noExtra(0);
    return { kind: 'connect' };
  }
  const verbs: Record<string, string[]> = { tools: ['list', 'call'], resources: ['list', 'read'], prompts: ['list', 'get'] };
  if (!verb || !verbs[group]?.includes(verb)) throw new UsageError(`"${group}" needs one of: ${verbs[group]?.join(', ')}.`);
  if (verb === 'list') {
    noExtra(1);
    return { kind: `${group}.list` as 'tools.list' | 'resources.list' | 'prompts.list' };
  }
  noExtra(2);
  if (group === 'tools') return { kind: 'tools.call', name: needSubject('a tool name'), arguments: args('--args') };
  if (group === 'resources') return { kind: 'resources.read', uri: needSubject('a resource URI') };
  return { kind: 'prompts.get', name: needSubject('a prompt name'), arguments: stringArguments(args('--args')) };
}

/** A command named in `loupe --help` beside the built-in ones. */
export interface MoreCommand {
  name: string;
  summary: string;
}

function mainHelp(more: readonly MoreCommand[]): string {
  const lines = more.map((command) => `  ${command.summary}`).join('\n');
  return HELP.main!.replace('{{more}}', lines ? `${lines}\n` : '');
}

/** `argv` split at `--`: what is Loupe's, and the stdio server's command line after it. */
export function splitAtDoubleDash(argv: readonly string[]): { own: string[]; command: string[] } {
  const separator = argv.indexOf('--');
  if (separator < 0) return { own: [...argv], command: [] };
  const command = argv.slice(separator + 1);
  if (command.length === 0) throw new UsageError('Nothing after --: give the server command to run.');
  return { own: argv.slice(0, separator), command };
}

/** Node's parseArgs with its errors as usage errors. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads `loupe <command> …`. Everything after `--` is the stdio server's command line. */
export function parseCliArgs(argv: readonly string[], defaultDataDir: string, more: readonly MoreCommand[] = []): CliCommand {
  const [group, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') return { kind: 'help', text: mainHelp(more) };
  if (!Object.hasOwn(HELP, group) || group === 'main') {
    const names = ['servers', 'connect', 'tools', 'resources', 'prompts', ...more.map((command) => command.name)];
    throw new UsageError(`Unknown command "${group}". Commands: ${names.join(', ')}.`);
  }
  const { own, command } = splitAtDoubleDash(rest);
  const { values, positionals } = parseOptions(own, SERVER_OPTIONS);
  if (values.help) return { kind: 'help', text: HELP[group]! };
  const options = parseCommon(values, defaultDataDir);
  if (group === 'servers') {
    const extra = positionals[0] ?? (values.server ?? values.url ?? command[0]);
    if (extra !== undefined) throw new UsageError('"servers" takes no server and no arguments.');
    if (options.auth) throw new UsageError('"servers" takes no sign-in options.');
    return { kind: 'servers', options };
  }
  const action = parseAction(group, positionals, values);
  return { kind: 'server', action, target: parseTarget(values, command), options };
}
