/**
 * `{{variables}}` in a collection's strings: `{{name}}` from the chosen environment, else the
 * collection's `variables`; `{{env:NAME}}` from the process's environment; `{{secret:NAME}}` from
 * the keychain (SecretStore), else the environment variable LOUPE_SECRET_NAME (for CI).
 */
import type { CollectionFile } from '../../../shared/collections.js';
import type { SecretStore } from '../secrets/secret-store.js';

const REFERENCE = /\{\{\s*([A-Za-z0-9_.:-]+)\s*\}\}/g;

/** Where a secret a collection names is kept in the SecretStore. */
export function collectionSecretKey(name: string): string {
  return `collection-secret/${name}`;
}

/** The environment variable that stands in for `{{secret:NAME}}` where there is no keychain (CI). */
export function secretEnvName(name: string): string {
  return `LOUPE_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export class UnknownVariable extends Error {}

export interface VariableScope {
  /** Resolves every reference in `text`; throws UnknownVariable naming the first that has no value. */
  fill(text: string): string;
  /** Whether a value came from a secret (so it is marked secret in a server's config). */
  hasSecret(text: string): boolean;
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
      const value = (await secrets.get(collectionSecretKey(name))) ?? env[secretEnvName(name)];
      if (value !== undefined) secretValues.set(reference, value);
    }
  }
  const valueOf = (reference: string): string => {
    if (reference.startsWith('env:')) {
      const value = env[reference.slice(4)];
      if (value === undefined) throw new UnknownVariable(`The environment variable ${reference.slice(4)} ({{${reference}}}) is not set.`);
      return value;
    }
    if (reference.startsWith('secret:')) {
      const value = secretValues.get(reference);
      const name = reference.slice(7);
      if (value === undefined) throw new UnknownVariable(`The secret "${name}" ({{${reference}}}) is neither in the keychain nor in ${secretEnvName(name)}.`);
      return value;
    }
    const value = values[reference];
    if (value === undefined) {
      const where = environment !== undefined ? `the environment "${environment}" nor in the collection's variables` : "the collection's variables (no --env was given)";
      throw new UnknownVariable(`The variable {{${reference}}} is defined neither in ${where}.`);
    }
    return value;
  };
  return {
    fill: (text) => (text.includes('{{') ? text.replace(REFERENCE, (_whole, reference: string) => valueOf(reference)) : text),
    hasSecret: (text) => [...text.matchAll(REFERENCE)].some((match) => match[1]!.startsWith('secret:')),
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

/** The names of the secrets (`{{secret:NAME}}`) the texts refer to, each once. */
export function secretNamesIn(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(REFERENCE)) if (match[1]!.startsWith('secret:')) names.add(match[1]!.slice('secret:'.length));
  return names;
}

/** `value` with every string filled in (object keys too); numbers, booleans and null stay as they are. */
export function fillDeep<T>(value: T, scope: VariableScope): T {
  if (typeof value === 'string') return scope.fill(value) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((item) => fillDeep(item, scope)) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]): [string, unknown] => [scope.fill(key), fillDeep(item, scope)])) as T;
  return value;
}
