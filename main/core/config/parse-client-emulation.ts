import { CLIENT_PRESET_IDS, findClientPreset, type ClientEmulation, type ClientPresetId, type EmulatedClient } from '../../../shared/client-emulation.js';
import { isObject } from '../../../shared/is-object.js';
import { LoupeError } from '../../../shared/wire.js';
import { exceedsDepth } from '../base/message-depth.js';

/** A custom client's capabilities are a few nested objects; these bound what a config file can make the core carry. */
const MAX_CAPABILITIES_CHARS = 64 * 1024;
const MAX_CAPABILITIES_DEPTH = 16;
const MAX_NAME_CHARS = 200;
const MAX_VERSIONS = 16;
const REVISION = /^\d{4}-\d{2}-\d{2}$/;

function fail(message: string): never {
  throw new LoupeError(message, 'invalid-config');
}

function shortText(value: unknown, what: string, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '') fail(`${what} must be non-empty text.`);
  if (value.length > MAX_NAME_CHARS) fail(`${what} is longer than ${MAX_NAME_CHARS} characters.`);
  return value.trim();
}

function parseCustom(value: unknown): EmulatedClient {
  if (!isObject(value)) fail('A custom client needs clientInfo, capabilities and protocolVersions.');
  const info = value.clientInfo;
  if (!isObject(info)) fail('The custom client\'s clientInfo must be an object with a name and a version.');
  const title = shortText(info.title, 'The custom client\'s title', false);
  const clientInfo = {
    name: shortText(info.name, 'The custom client\'s name', true)!,
    version: shortText(info.version, 'The custom client\'s version', true)!,
    ...(title ? { title } : {}),
  };
  const capabilities = value.capabilities ?? {};
  if (!isObject(capabilities)) fail('The custom client\'s capabilities must be an object.');
  if (JSON.stringify(capabilities).length > MAX_CAPABILITIES_CHARS) fail('The custom client\'s capabilities are larger than 64 KB.');
  if (exceedsDepth(capabilities, MAX_CAPABILITIES_DEPTH)) fail(`The custom client's capabilities nest more than ${MAX_CAPABILITIES_DEPTH} levels deep.`);
  const versions = value.protocolVersions;
  if (!Array.isArray(versions) || versions.length === 0 || versions.length > MAX_VERSIONS) {
    fail(`The custom client's protocolVersions must list 1 to ${MAX_VERSIONS} revisions, the one it sends first.`);
  }
  for (const version of versions) {
    if (typeof version !== 'string' || !REVISION.test(version)) fail(`"${String(version)}" is not a protocol revision (YYYY-MM-DD).`);
  }
  return { clientInfo, capabilities, protocolVersions: versions as string[] };
}

/** Checks a server's `client` setting; returns a clean copy, or throws one sentence naming the field. */
export function parseClientEmulation(value: unknown): ClientEmulation | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('The client setting must be an object with a preset or a custom client.');
  if (value.preset !== undefined) {
    if (typeof value.preset !== 'string' || !findClientPreset(value.preset)) {
      fail(`Unknown client preset ${JSON.stringify(value.preset)}: use ${CLIENT_PRESET_IDS.join(', ')}.`);
    }
    return { preset: value.preset as ClientPresetId };
  }
  if (value.custom !== undefined) return { custom: parseCustom(value.custom) };
  return fail('The client setting needs a preset or a custom client.');
}
