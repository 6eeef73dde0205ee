/**
 * `{{variables}}` in a collection's strings: `{{name}}` from the chosen environment, else the
 * collection's `variables`; `{{env:NAME}}` from the process's environment; `{{secret:NAME}}` from
 * the keychain (SecretStore), else the environment variable LOUPE_SECRET_NAME (for CI).
 */
import { createHash } from 'node:crypto';
import type { CollectionFile } from '../../../shared/collections.js';
import type { SecretStore } from '../secrets/secret-store.js';

const REFERENCE = /\{\{\s*([A-Za-z0-9_.:-]+)\s*\}\}/g;
/** How servers.json refers to a value in Loupe's environment, filled in only at connect time. */
const ENV_IN_CONFIG = '${env:';
/** Marks where an environment reference goes while a setting is filled (a private-use character). */
const STAND_IN = '\uE000';
const STAND_INS = /\uE000(\d+)\uE000/g;

/**
 * Where a secret a collection names is kept in the SecretStore: under its folder's real path, so
 * a collection from another repository that names the same secret does not get its value.
 */
export function collectionSecretKey(realDir: string, name: string): string {
  return `collection-secret/${createHash('sha256').update(realDir).digest('hex').slice(0, 16)}/${name}`;
}

/** The environment variable that stands in for `{{secret:NAME}}` where there is no keychain (CI). */
export function secretEnvName(name: string): string {
  return `LOUPE_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export class UnknownVariable extends Error {}

/** The kinds of server setting: a pair's value (header, environment), its URL, command or argument, folder, or a pair's name. */
export type ServerSetting = 'pair' | 'url' | 'command' | 'cwd' | 'name';
const SETTING_NAMES: Record<ServerSetting, string> = { pair: 'header or environment value', url: 'URL', command: 'command or arguments', cwd: 'folder', name: 'header or environment variable name' };
/** Settings that are filled in before connecting (a folder, a pair's name): no value from outside may go there. */
const ONLY_OWN_VARIABLES: ReadonlySet<ServerSetting> = new Set(['cwd', 'name']);

export interface VariableScope {
  /** Resolves every reference in `text`; throws UnknownVariable naming the first that has no value. */
  fill(text: string): string;
  /**
   * A server setting as servers.json keeps it: `{{env:NAME}}` stays a reference (`${env:NAME}`,
   * read when connecting), a secret is filled only where the setting is a name/value pair (which
   * then goes to the keychain), and the collection's own variables are filled in.
   */
  fillSetting(text: string, where: ServerSetting): string;
  /** Whether a value came from a secret (so it is marked secret in a server's config). */
  hasSecret(text: string): boolean;
  /** Every environment and secret value filled in so far, for redaction. */
  outsideValues(): string[];
}

/**
 * The values of a collection's variables for one environment. Secrets are looked up once, here,
 * for every `{{secret:…}}` the given texts name.
 */
export async function variableScope(
  collection: CollectionFile,
  environment: string | undefined,
  env: NodeJS.ProcessEnv,
  secrets: SecretStore,
  realDir: string,
  texts: readonly string[],
): Promise<VariableScope> {
  if (environment !== undefined && !collection.environments?.[environment]) {
    const known = Object.keys(collection.environments ?? {});
    throw new UnknownVariable(`The collection has no environment "${environment}"${known.length ? ` (it has ${known.join(', ')})` : ''}.`);
  }
  const values = { ...collection.variables, ...(environment !== undefined ? collection.environments?.[environment] : {}) };
  const secretValues = new Map<string, string>();
  for (const text of texts) {
    if (!text.includes('{{')) continue;
    for (const match of text.matchAll(REFERENCE)) {
      const reference = match[1]!;
      if (!reference.startsWith('secret:') || secretValues.has(reference)) continue;
      const name = reference.slice('secret:'.length);
      const value = (await secrets.get(collectionSecretKey(realDir, name))) ?? env[secretEnvName(name)];
      if (value !== undefined) secretValues.set(reference, value);
    }
  }
  const outside = new Set<string>();
  const valueOf = (reference: string): string => {
    if (reference.startsWith('env:')) {
      const value = env[reference.slice(4)];
      if (value === undefined) throw new UnknownVariable(`The environment variable ${reference.slice(4)} ({{${reference}}}) is not set.`);
      outside.add(value);
      return value;
    }
    if (reference.startsWith('secret:')) {
      const value = secretValues.get(reference);
      const name = reference.slice(7);
      if (value === undefined) throw new UnknownVariable(`The secret "${name}" ({{${reference}}}) is neither in the keychain nor in ${secretEnvName(name)}.`);
      outside.add(value);
      return value;
    }
    const value = values[reference];
    if (value === undefined) {
      const where = environment !== undefined ? `the environment "${environment}" nor in the collection's variables` : "the collection's variables (no --env was given)";
      throw new UnknownVariable(`The variable {{${reference}}} is defined neither in ${where}.`);
    }
    return value;
  };
  const fillSetting = (text: string, where: ServerSetting): string => {
    const envNames: string[] = [];
    const filled = text.replace(REFERENCE, (_whole, reference: string) => {
      if (reference.startsWith('env:') && !ONLY_OWN_VARIABLES.has(where)) {
        envNames.push(reference.slice(4));
        // A stand-in the text does not hold (checked below), so a `${env:` made of the text around it is seen.
        return `${STAND_IN}${envNames.length - 1}${STAND_IN}`;
      }
      const outsideValue = reference.startsWith('env:') || reference.startsWith('secret:');
      if ((outsideValue && ONLY_OWN_VARIABLES.has(where)) || (reference.startsWith('secret:') && where !== 'pair')) {
        throw new UnknownVariable(
          `{{${reference}}} may not be in a server's ${SETTING_NAMES[where]}: ${ONLY_OWN_VARIABLES.has(where) ? "it may use only the collection's own variables" : 'put a secret in a header or an environment variable of the server, where the keychain keeps it'}.`,
        );
      }
      return valueOf(reference);
    });
    if (filled.includes(ENV_IN_CONFIG) || filled.split(STAND_IN).length - 1 !== envNames.length * 2) {
      throw new UnknownVariable(`A server setting of the collection holds "\${env:…}" (as written, or from a variable's value): write {{env:NAME}}, which Loupe asks about before a run.`);
    }
    return filled.replace(STAND_INS, (_whole, index: string) => `${ENV_IN_CONFIG}${envNames[Number(index)]}}`);
  };
  return {
    fill: (text) => (text.includes('{{') ? text.replace(REFERENCE, (_whole, reference: string) => valueOf(reference)) : text),
    fillSetting,
    hasSecret: (text) => [...text.matchAll(REFERENCE)].some((match) => match[1]!.startsWith('secret:')),
    outsideValues: () => [...outside],
  };
}

/** Every string inside `value` (keys and values) that holds a `{{reference}}`, for finding the secrets it names. */
export function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('{{')) into.push(value);
  }
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      stringsIn(key, into);
      stringsIn(item, into);
    }
  }
  return into;
}

/** What the texts read from outside the collection: each `{{env:NAME}}` and `{{secret:NAME}}`, once. */
export function outsideReferencesIn(texts: readonly string[]): Array<{ kind: 'env' | 'secret'; name: string }> {
  const found = new Map<string, { kind: 'env' | 'secret'; name: string }>();
  for (const text of texts) {
    for (const match of text.matchAll(REFERENCE)) {
      const reference = match[1]!;
      const kind = reference.startsWith('env:') ? 'env' : reference.startsWith('secret:') ? 'secret' : undefined;
      if (kind && !found.has(reference)) found.set(reference, { kind, name: reference.slice(kind.length + 1) });
    }
  }
  return [...found.values()];
}

/** The names of the secrets (`{{secret:NAME}}`) the texts refer to, each once. */
export function secretNamesIn(texts: readonly string[]): Set<string> {
  return new Set(outsideReferencesIn(texts).flatMap((reference) => (reference.kind === 'secret' ? [reference.name] : [])));
}

/** `value` with every string filled in (object keys too); numbers, booleans and null stay as they are. */
export function fillDeep<T>(value: T, scope: VariableScope): T {
  if (typeof value === 'string') return scope.fill(value) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((item) => fillDeep(item, scope)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]): [string, unknown] => [scope.fill(key), fillDeep(item, scope)])) as T;
  return value;
}
