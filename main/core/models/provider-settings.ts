import { randomUUID } from 'node:crypto';
import { isObject } from '../../../shared/is-object.js';
import {
  MODEL_PROVIDER_KINDS,
  type ModelPreferenceRule,
  type ModelPreferences,
  type ModelPriorityName,
  type ModelProviderInput,
  type ModelProviderKind,
  type ModelRef,
} from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';

/** A provider as models.json keeps it: the key is in the secret store, under `keyRef`. */
export interface StoredProvider {
  id: string;
  name: string;
  kind: ModelProviderKind;
  baseUrl?: string;
  defaultModel?: string;
  keyRef?: string;
}

const MAX_NAME = 100;
const MAX_URL = 2_000;
const MAX_MODEL_ID = 200;
const MAX_KEY = 10_000;
const MAX_RULES = 200;
const MAX_HINT = 200;
const PRIORITIES: readonly ModelPriorityName[] = ['cost', 'speed', 'intelligence'];

function invalid(message: string): LoupeError {
  return new LoupeError(message, 'invalid-params');
}

function text(value: unknown, what: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${what} must be non-empty text.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(`${what} is longer than ${max} characters.`);
  return trimmed;
}

function optionalText(value: unknown, what: string, max: number): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : text(value, what, max);
}

/** An http(s) URL without a trailing slash (the SDKs append paths to it). */
function baseUrl(value: unknown): string | undefined {
  const given = optionalText(value, 'The base URL', MAX_URL);
  if (given === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw invalid(`The base URL "${given.slice(0, 100)}" is not a URL; write it like http://localhost:11434/v1.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`The base URL must start with http:// or https://, not ${url.protocol}.`);
  if (url.username || url.password) throw invalid('The base URL must not carry a user name or password; put the key in the key field.');
  return given.replace(/\/+$/, '');
}

function kind(value: unknown): ModelProviderKind {
  if (typeof value === 'string' && (MODEL_PROVIDER_KINDS as readonly string[]).includes(value)) return value as ModelProviderKind;
  throw invalid(`The provider kind must be one of ${MODEL_PROVIDER_KINDS.join(', ')}.`);
}

/** The user's edit of a provider, checked: one sentence names the field that is wrong. */
export function parseProviderInput(value: unknown): ModelProviderInput {
  if (!isObject(value)) throw invalid('A provider must be an object with a name and a kind.');
  const parsed: ModelProviderInput = { name: text(value.name, 'The provider name', MAX_NAME), kind: kind(value.kind) };
  const url = baseUrl(value.baseUrl);
  if (url) parsed.baseUrl = url;
  else if (parsed.kind === 'openai-compatible') throw invalid('An OpenAI-compatible provider needs its base URL, e.g. http://localhost:11434/v1 for Ollama.');
  const defaultModel = optionalText(value.defaultModel, 'The default model', MAX_MODEL_ID);
  if (defaultModel) parsed.defaultModel = defaultModel;
  if (value.apiKey === null) parsed.apiKey = null;
  else if (value.apiKey !== undefined) {
    if (typeof value.apiKey !== 'string') throw invalid('The key must be text.');
    const key = value.apiKey.trim();
    if (key.length > MAX_KEY) throw invalid(`The key is longer than ${MAX_KEY} characters.`);
    if (/[\r\n]/.test(key)) throw invalid('The key must be one line.');
    parsed.apiKey = key === '' ? null : key;
  }
  return parsed;
}

/** A provider entry of models.json. */
export function parseStoredProvider(value: unknown): StoredProvider {
  const input = parseProviderInput(isObject(value) ? { ...value, apiKey: undefined } : value);
  const record = value as Record<string, unknown>;
  const id = text(record.id, 'The provider id', MAX_NAME);
  const keyRef = optionalText(record.keyRef, 'The key reference', MAX_NAME * 2);
  return {
    id,
    name: input.name,
    kind: input.kind,
    ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
    ...(input.defaultModel ? { defaultModel: input.defaultModel } : {}),
    ...(keyRef ? { keyRef } : {}),
  };
}

function modelRef(value: unknown, where: string): ModelRef {
  if (!isObject(value)) throw invalid(`${where} must name a provider and a model ({ providerId, modelId }).`);
  return { providerId: text(value.providerId, `${where}'s providerId`, MAX_NAME), modelId: text(value.modelId, `${where}'s modelId`, MAX_MODEL_ID) };
}

function rule(value: unknown, index: number): ModelPreferenceRule {
  const where = `Rule ${index + 1}`;
  if (!isObject(value)) throw invalid(`${where} must be an object with a hint or a priority, and the model to use.`);
  const hint = optionalText(value.hint, `${where}'s hint`, MAX_HINT);
  let priority: ModelPreferenceRule['priority'];
  if (value.priority !== undefined) {
    const given = value.priority;
    if (!isObject(given) || !PRIORITIES.includes(given.name as ModelPriorityName)) throw invalid(`${where}'s priority must name cost, speed or intelligence.`);
    const atLeast = given.atLeast;
    if (typeof atLeast !== 'number' || !(atLeast >= 0 && atLeast <= 1)) throw invalid(`${where}'s priority threshold must be a number from 0 to 1.`);
    priority = { name: given.name as ModelPriorityName, atLeast };
  }
  if ((hint === undefined) === (priority === undefined)) throw invalid(`${where} must have either a hint or a priority (one of them).`);
  const id = optionalText(value.id, `${where}'s id`, MAX_NAME) ?? randomUUID();
  return { id, ...(hint !== undefined ? { hint } : {}), ...(priority ? { priority } : {}), use: modelRef(value.use, where) };
}

/** The modelPreferences rules, from the window or the file. */
export function parsePreferences(value: unknown): ModelPreferences {
  if (!isObject(value) || !Array.isArray(value.rules)) throw invalid('The model preferences must be an object with a list of rules.');
  if (value.rules.length > MAX_RULES) throw invalid(`There are more than ${MAX_RULES} rules.`);
  const rules = value.rules.map(rule);
  return { rules, ...(value.defaultModel !== undefined && value.defaultModel !== null ? { defaultModel: modelRef(value.defaultModel, 'The default model') } : {}) };
}
