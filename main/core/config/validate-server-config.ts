import {
  PROTOCOL_ERA_SETTINGS,
  type CallTimeouts,
  type KeyValue,
  type ProtocolEraSetting,
  type RootConfig,
  type ServerConfig,
  type ServerConfigInput,
  type TransportConfig,
} from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { parseAuthSettings } from './parse-auth-settings.js';
import { withEnvPlaceholders } from './env-references.js';
import { CREDENTIAL_HEADERS } from '../transports/http-redaction.js';
import { isObject } from '../../../shared/is-object.js';
import { plainText } from '../../../shared/plain-text.js';
import { emulatedClient, speaksModernEra } from '../../../shared/client-emulation.js';
import { parseClientEmulation } from './parse-client-emulation.js';

function fail(message: string): never {
  throw new LoupeError(message, 'invalid-config');
}

function text(value: unknown, what: string, { required = false } = {}): string {
  if (value === undefined || value === null) {
    if (required) fail(`${what} is required.`);
    return '';
  }
  if (typeof value !== 'string') fail(`${what} must be text.`);
  if (required && value.trim() === '') fail(`${what} is required.`);
  return value;
}

/** Name/value pairs; `alwaysSecret` names (lower case) are secrets whether or not they were marked so. */
function keyValues(value: unknown, what: string, alwaysSecret: ReadonlySet<string> = new Set()): KeyValue[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`${what} must be a list of name/value pairs.`);
  return value.map((item, index) => {
    if (!isObject(item)) fail(`${what} entry ${index + 1} must be a name/value pair.`);
    const key = text(item.key, `${what} entry ${index + 1}'s name`).trim();
    const pair: KeyValue = { key, value: text(item.value, `${what} "${key}"`) };
    if (item.secret === true || alwaysSecret.has(key.toLowerCase())) pair.secret = true;
    return pair;
  });
}

function transport(value: unknown): TransportConfig {
  if (!isObject(value)) fail('The transport is missing.');
  switch (value.type) {
    case 'stdio': {
      const args = value.args ?? [];
      if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) fail('Arguments must be a list of text values.');
      const cwd = text(value.cwd, 'The working directory').trim();
      return {
        type: 'stdio',
        command: text(value.command, 'The command', { required: true }).trim(),
        args: args as string[],
        env: keyValues(value.env, 'Environment variable'),
        ...(cwd ? { cwd } : {}),
      };
    }
    case 'streamable-http':
    case 'sse': {
      const url = text(value.url, 'The URL', { required: true }).trim();
      let parsed: URL;
      try {
        // A `${env:NAME}` (read at connect time) may stand for any part of it, the whole URL included.
        const shape = withEnvPlaceholders(url);
        parsed = new URL(url.startsWith('${env:') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(shape) ? `http://${shape}` : shape);
      } catch {
        fail(`"${url}" is not a valid URL.`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail('The URL must start with http:// or https://.');
      // An Authorization (or other credential) header is a secret even when nobody ticked it.
      return { type: value.type, url, headers: keyValues(value.headers, 'Header', CREDENTIAL_HEADERS) };
    }
    default:
      return fail(`Unknown transport "${String(value.type)}": use stdio, streamable-http or sse.`);
  }
}

/** Checks a timeouts object (per server, or one call's override). */
export function parseCallTimeouts(value: unknown): CallTimeouts | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('Timeouts must be an object.');
  const ms = (key: 'timeoutMs' | 'maxTotalTimeoutMs') => {
    const n = value[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) fail(`${key} must be a positive number of milliseconds.`);
    return n;
  };
  if (typeof value.resetTimeoutOnProgress !== 'boolean') fail('resetTimeoutOnProgress must be true or false.');
  return { timeoutMs: ms('timeoutMs'), resetTimeoutOnProgress: value.resetTimeoutOnProgress, maxTotalTimeoutMs: ms('maxTotalTimeoutMs') };
}

/** Checks what the user (or a config file) gave and returns a clean copy, or throws one clear sentence. */
export function parseServerConfigInput(value: unknown): ServerConfigInput {
  if (!isObject(value)) fail('A server needs a name and a transport.');
  const parsedTimeouts = parseCallTimeouts(value.timeouts);
  const roots = parseRoots(value.roots);
  const era = parseEra(value.era);
  const authSettings = parseAuthSettings(value.auth);
  const client = parseClientEmulation(value.client);
  if (client && era === 'modern' && !speaksModernEra(emulatedClient(client))) {
    fail('The emulated client does not speak 2026-07-28, so Protocol era cannot be Modern: set it to Auto or Legacy.');
  }
  const connectTimeoutMs = value.connectTimeoutMs;
  if (connectTimeoutMs !== undefined && (typeof connectTimeoutMs !== 'number' || !Number.isFinite(connectTimeoutMs) || connectTimeoutMs <= 0)) {
    fail('connectTimeoutMs must be a positive number of milliseconds.');
  }
  return {
    name: text(value.name, 'The server name', { required: true }).trim(),
    transport: transport(value.transport),
    ...(era ? { era } : {}),
    ...(typeof connectTimeoutMs === 'number' ? { connectTimeoutMs } : {}),
    ...(parsedTimeouts ? { timeouts: parsedTimeouts } : {}),
    ...(roots ? { roots } : {}),
    ...(authSettings ? { auth: authSettings } : {}),
    ...(client ? { client } : {}),
  };
}

function parseEra(value: unknown): ProtocolEraSetting | undefined {
  if (value === undefined) return undefined;
  if (!PROTOCOL_ERA_SETTINGS.includes(value as ProtocolEraSetting)) {
    fail(`Unknown protocol era "${plainText(value)}": use ${PROTOCOL_ERA_SETTINGS.join(', ')}.`);
  }
  return value as ProtocolEraSetting;
}

export function parseRoots(value: unknown): RootConfig[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail('Roots must be a list.');
  return value.map((item, index) => {
    if (!isObject(item)) fail(`Root ${index + 1} must have a uri.`);
    const uri = text(item.uri, `Root ${index + 1}'s URI`, { required: true }).trim();
    try {
      new URL(uri);
    } catch {
      fail(`Root ${index + 1}: "${uri}" is not a valid URI (for a folder, use file:///path/to/folder).`);
    }
    const name = text(item.name, `Root ${index + 1}'s name`).trim();
    return { uri, ...(name ? { name } : {}) };
  });
}

export function parseServerConfig(value: unknown): ServerConfig {
  if (!isObject(value)) fail('A server entry must be an object.');
  return { id: text(value.id, 'The server id', { required: true }), ...parseServerConfigInput(value) };
}
