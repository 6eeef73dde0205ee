/**
 * The diff of two capability snapshots, each change classified: breaking (something a client used
 * is gone or stricter), additive (something new or looser) or cosmetic (descriptions, titles,
 * annotation hints). Each change is one sentence that says what changed and, when it breaks, what.
 */
import { isDeepStrictEqual } from 'node:util';
import { CHANGE_CLASSES, type CapabilitySnapshot, type ChangeClass, type SurfaceChange, type SurfaceDiff } from '../../../shared/collections.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject } from '../../../shared/mcp.js';

type Emit = (change: ChangeClass, path: string, message: string) => void;

/** Schema keywords that only describe: a change to them is cosmetic. */
const DESCRIPTIVE = new Set(['title', 'description', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id']);
/** Keywords handled one by one below; a change to any other keyword counts as breaking, since Loupe cannot tell. */
const HANDLED = new Set(['type', 'properties', 'required', 'enum', 'items', 'additionalProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'const']);
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

const quote = (value: unknown) => JSON.stringify(value);

function typesOf(schema: JsonObject): Set<string> {
  const type = schema.type;
  const list = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : TYPES;
  const set = new Set(list);
  if (set.has('number')) set.add('integer');
  return set;
}

function typeText(schema: JsonObject): string {
  const type = schema.type;
  return typeof type === 'string' ? type : Array.isArray(type) ? type.join(' or ') : 'any type';
}

function where(subject: string, field: string): string {
  return field ? `"${field}" of ${subject}` : subject;
}

/**
 * Compares two schemas. `input`: values flow from clients to the server (stricter is breaking);
 * otherwise from the server to clients (looser, or something gone, is breaking).
 */
function compareSchema(before: JsonObject, after: JsonObject, input: boolean, subject: string, field: string, pointer: string, emit: Emit): void {
  const at = (key: string) => `${pointer}/${key}`;
  const name = where(subject, field);
  const beforeTypes = typesOf(before);
  const afterTypes = typesOf(after);
  const lost = [...beforeTypes].filter((type) => !afterTypes.has(type));
  const gained = [...afterTypes].filter((type) => !beforeTypes.has(type));
  if (lost.length > 0 || gained.length > 0) {
    const change = `${name} was ${typeText(before)} and is now ${typeText(after)}`;
    if (input) emit(lost.length > 0 ? 'breaking' : 'additive', at('type'), lost.length > 0 ? `${change}: calls that pass ${lost.join(' or ')} values will be rejected.` : `${change} (it accepts more).`);
    else emit(gained.length > 0 ? 'breaking' : 'additive', at('type'), gained.length > 0 ? `${change}: clients may now get ${gained.join(' or ')} values they do not handle.` : `${change} (it returns less variety).`);
  }

  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const beforeValues = Array.isArray(before.enum) ? before.enum : undefined;
    const afterValues = Array.isArray(after.enum) ? after.enum : undefined;
    if (!beforeValues && afterValues) {
      emit(input ? 'breaking' : 'additive', at('enum'), `${name} now ${input ? 'accepts' : 'returns'} only ${afterValues.map(quote).join(', ')}${input ? ': calls with other values will be rejected' : ''}.`);
    } else if (beforeValues && !afterValues) {
      emit(input ? 'additive' : 'breaking', at('enum'), `${name} is no longer limited to a list of values${input ? '' : ': clients may get values they do not handle'}.`);
    } else if (beforeValues && afterValues) {
      for (const value of beforeValues.filter((item) => !afterValues.some((other) => isDeepStrictEqual(other, item)))) {
        emit(input ? 'breaking' : 'additive', at('enum'), input ? `The value ${quote(value)} was removed from ${name}: calls that pass it will be rejected.` : `${name} no longer returns the value ${quote(value)}.`);
      }
      for (const value of afterValues.filter((item) => !beforeValues.some((other) => isDeepStrictEqual(other, item)))) {
        emit(input ? 'additive' : 'breaking', at('enum'), input ? `${name} accepts the new value ${quote(value)}.` : `${name} may now be ${quote(value)}, which clients may not handle.`);
      }
    }
  }

  if (!isDeepStrictEqual(before.const, after.const)) {
    if (after.const === undefined) emit(input ? 'additive' : 'breaking', at('const'), `${name} no longer must be ${quote(before.const)}.`);
    else emit(input ? 'breaking' : 'additive', at('const'), `${name} must now be ${quote(after.const)}${before.const === undefined ? '' : ` instead of ${quote(before.const)}`}.`);
  }

  const bounds: Array<[string, 'min' | 'max']> = [['minimum', 'min'], ['exclusiveMinimum', 'min'], ['minLength', 'min'], ['minItems', 'min'], ['maximum', 'max'], ['exclusiveMaximum', 'max'], ['maxLength', 'max'], ['maxItems', 'max']];
  for (const [keyword, side] of bounds) {
    const was = before[keyword];
    const now = after[keyword];
    if (isDeepStrictEqual(was, now)) continue;
    const stricter = typeof now === 'number' && (typeof was !== 'number' || (side === 'min' ? now > was : now < was));
    const text = `${name}'s ${keyword} changed from ${was === undefined ? 'none' : quote(was)} to ${now === undefined ? 'none' : quote(now)}`;
    emit(stricter === input ? 'breaking' : 'additive', at(keyword), stricter === input ? `${text}: ${input ? 'values it accepted may be rejected' : 'clients may get values outside the old range'}.` : `${text}.`);
  }

  const beforeProps = isObject(before.properties) ? before.properties : {};
  const afterProps = isObject(after.properties) ? after.properties : {};
  const beforeRequired = new Set(Array.isArray(before.required) ? before.required.map(String) : []);
  const afterRequired = new Set(Array.isArray(after.required) ? after.required.map(String) : []);
  const child = (key: string) => (field ? `${field}.${key}` : key);
  for (const key of Object.keys(beforeProps)) {
    if (Object.hasOwn(afterProps, key)) continue;
    if (input) emit('breaking', `${pointer}/properties/${key}`, `The argument "${child(key)}" was removed from ${subject}: calls that pass it may be rejected.`);
    else emit('breaking', `${pointer}/properties/${key}`, `The property "${child(key)}" was removed from the output schema of ${subject}: clients that read it will break.`);
  }
  for (const key of Object.keys(afterProps)) {
    if (Object.hasOwn(beforeProps, key)) continue;
    if (input) {
      if (afterRequired.has(key)) emit('breaking', `${pointer}/properties/${key}`, `${subject} has a new required argument "${child(key)}": calls without it will fail.`);
      else emit('additive', `${pointer}/properties/${key}`, `${subject} has a new optional argument "${child(key)}".`);
    } else emit('additive', `${pointer}/properties/${key}`, `The output schema of ${subject} has a new property "${child(key)}".`);
  }
  for (const key of Object.keys(afterProps)) {
    if (!Object.hasOwn(beforeProps, key)) continue;
    const was = beforeRequired.has(key);
    const now = afterRequired.has(key);
    if (was !== now) {
      if (input) emit(now ? 'breaking' : 'additive', `${pointer}/required`, now ? `The argument "${child(key)}" of ${subject} is now required: calls without it will fail.` : `The argument "${child(key)}" of ${subject} is now optional.`);
      else emit(now ? 'additive' : 'breaking', `${pointer}/required`, now ? `The output property "${child(key)}" of ${subject} is now always present.` : `The output property "${child(key)}" of ${subject} may now be missing: clients that rely on it will break.`);
    }
    const beforeChild = beforeProps[key];
    const afterChild = afterProps[key];
    if (isObject(beforeChild) && isObject(afterChild)) compareSchema(beforeChild, afterChild, input, subject, child(key), `${pointer}/properties/${key}`, emit);
  }
  if (before.additionalProperties !== false && after.additionalProperties === false && input) {
    emit('breaking', at('additionalProperties'), `${name} no longer accepts arguments it does not list.`);
  } else if (!isDeepStrictEqual(before.additionalProperties, after.additionalProperties) && !(isObject(before.additionalProperties) && isObject(after.additionalProperties))) {
    emit('additive', at('additionalProperties'), `${name}'s additionalProperties changed from ${quote(before.additionalProperties ?? true)} to ${quote(after.additionalProperties ?? true)}.`);
  }
  if (isObject(before.items) && isObject(after.items)) compareSchema(before.items, after.items, input, subject, `${field || 'value'}[]`, at('items'), emit);

  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (HANDLED.has(key) || isDeepStrictEqual(before[key], after[key])) continue;
    if (DESCRIPTIVE.has(key)) emit('cosmetic', at(key), `The ${key} of ${name} changed.`);
    else emit('breaking', at(key), `${name}'s "${key}" changed; Loupe cannot tell whether what passed before still passes, so it counts as breaking.`);
  }
}

const COSMETIC_FIELDS = ['title', 'description', 'annotations', 'icons', '_meta', 'name', 'size'];

function compareItems(kind: string, key: (item: JsonObject) => string, before: JsonObject[], after: JsonObject[], compare: (a: JsonObject, b: JsonObject, subject: string, emit: Emit) => void, changes: SurfaceChange[]): void {
  const afterByKey = new Map(after.map((item) => [key(item), item]));
  const beforeByKey = new Map(before.map((item) => [key(item), item]));
  for (const [id, item] of beforeByKey) {
    const subject = `${kind} "${id}"`;
    const emit: Emit = (change, path, message) => changes.push({ class: change, subject: `${kind} ${id}`, path, message: message.charAt(0).toUpperCase() + message.slice(1) });
    const other = afterByKey.get(id);
    if (!other) {
      emit('breaking', '', `The ${subject} was removed: clients that use it will fail.`);
      continue;
    }
    compare(item, other, `the ${subject}`, emit);
  }
  for (const id of afterByKey.keys()) {
    if (!beforeByKey.has(id)) changes.push({ class: 'additive', subject: `${kind} ${id}`, path: '', message: `The ${kind} "${id}" is new.` });
  }
}

function compareCosmetic(before: JsonObject, after: JsonObject, subject: string, emit: Emit, fields = COSMETIC_FIELDS): void {
  for (const field of fields) {
    if (isDeepStrictEqual(before[field], after[field])) continue;
    if (field === 'annotations' && (isObject(before.annotations) || isObject(after.annotations))) {
      const was = isObject(before.annotations) ? before.annotations : {};
      const now = isObject(after.annotations) ? after.annotations : {};
      for (const hint of new Set([...Object.keys(was), ...Object.keys(now)])) {
        if (!isDeepStrictEqual(was[hint], now[hint])) emit('cosmetic', `/annotations/${hint}`, `The ${hint} annotation of ${subject} changed from ${quote(was[hint] ?? null)} to ${quote(now[hint] ?? null)}.`);
      }
      continue;
    }
    emit('cosmetic', `/${field}`, `The ${field} of ${subject} changed.`);
  }
}

function compareTool(before: JsonObject, after: JsonObject, subject: string, emit: Emit): void {
  compareCosmetic(before, after, subject, emit);
  const beforeInput = isObject(before.inputSchema) ? before.inputSchema : {};
  const afterInput = isObject(after.inputSchema) ? after.inputSchema : {};
  compareSchema(beforeInput, afterInput, true, subject, '', '/inputSchema', emit);
  const beforeOutput = isObject(before.outputSchema) ? before.outputSchema : undefined;
  const afterOutput = isObject(after.outputSchema) ? after.outputSchema : undefined;
  if (beforeOutput && !afterOutput) emit('breaking', '/outputSchema', `The output schema of ${subject} was removed: clients that read its structured content will break.`);
  else if (!beforeOutput && afterOutput) emit('additive', '/outputSchema', `${subject} now declares an output schema.`);
  else if (beforeOutput && afterOutput) compareSchema(beforeOutput, afterOutput, false, subject, '', '/outputSchema', emit);
  if (!isDeepStrictEqual(before.execution, after.execution)) emit('breaking', '/execution', `How ${subject} runs (execution.taskSupport) changed from ${quote(before.execution ?? null)} to ${quote(after.execution ?? null)}.`);
}

function compareMimeType(before: JsonObject, after: JsonObject, subject: string, emit: Emit): void {
  compareCosmetic(before, after, subject, emit);
  if (!isDeepStrictEqual(before.mimeType, after.mimeType)) {
    emit('breaking', '/mimeType', `The MIME type of ${subject} changed from ${quote(before.mimeType ?? null)} to ${quote(after.mimeType ?? null)}: clients that read it may not handle the new type.`);
  }
}

function comparePrompt(before: JsonObject, after: JsonObject, subject: string, emit: Emit): void {
  compareCosmetic(before, after, subject, emit);
  const args = (prompt: JsonObject) => new Map((Array.isArray(prompt.arguments) ? prompt.arguments : []).filter(isObject).map((arg) => [String(arg.name), arg]));
  const was = args(before);
  const now = args(after);
  for (const [name, arg] of was) {
    const other = now.get(name);
    if (!other) {
      emit('breaking', `/arguments/${name}`, `The argument "${name}" was removed from ${subject}: gets that pass it may be rejected.`);
      continue;
    }
    if (arg.required !== true && other.required === true) emit('breaking', `/arguments/${name}`, `The argument "${name}" of ${subject} is now required: gets without it will fail.`);
    if (arg.required === true && other.required !== true) emit('additive', `/arguments/${name}`, `The argument "${name}" of ${subject} is now optional.`);
    compareCosmetic(arg, other, `the argument "${name}" of ${subject}`, (change, path, message) => emit(change, `/arguments/${name}${path}`, message), ['title', 'description']);
  }
  for (const [name, arg] of now) {
    if (was.has(name)) continue;
    if (arg.required === true) emit('breaking', `/arguments/${name}`, `${subject} has a new required argument "${name}": gets without it will fail.`);
    else emit('additive', `/arguments/${name}`, `${subject} has a new optional argument "${name}".`);
  }
}

function compareCapabilities(before: JsonObject, after: JsonObject, changes: SurfaceChange[]): void {
  const emit = (change: ChangeClass, path: string, message: string) => changes.push({ class: change, subject: 'capabilities', path, message });
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key];
    const now = after[key];
    if (isDeepStrictEqual(was, now)) continue;
    if (was !== undefined && now === undefined) emit('breaking', `/${key}`, `The server no longer offers the "${key}" capability: clients that use it will fail.`);
    else if (was === undefined) emit('additive', `/${key}`, `The server now offers the "${key}" capability.`);
    else if (isObject(was) && isObject(now)) {
      for (const flag of new Set([...Object.keys(was), ...Object.keys(now)])) {
        if (isDeepStrictEqual(was[flag], now[flag])) continue;
        const off = was[flag] !== undefined && was[flag] !== false && (now[flag] === undefined || now[flag] === false);
        emit(off ? 'breaking' : 'additive', `/${key}/${flag}`, off ? `The "${key}.${flag}" capability was turned off: clients that rely on it will miss it.` : `The "${key}.${flag}" capability changed to ${quote(now[flag])}.`);
      }
    } else emit('additive', `/${key}`, `The "${key}" capability changed.`);
  }
}

export function diffSurfaces(before: CapabilitySnapshot, after: CapabilitySnapshot): SurfaceDiff {
  const changes: SurfaceChange[] = [];
  compareCapabilities(before.capabilities ?? {}, after.capabilities ?? {}, changes);
  compareItems('tool', (item) => String(item.name), before.tools, after.tools, compareTool, changes);
  compareItems('resource', (item) => String(item.uri), before.resources, after.resources, compareMimeType, changes);
  compareItems('template', (item) => String(item.uriTemplate), before.resourceTemplates, after.resourceTemplates, compareMimeType, changes);
  compareItems('prompt', (item) => String(item.name), before.prompts, after.prompts, comparePrompt, changes);
  const rank = (change: SurfaceChange) => CHANGE_CLASSES.indexOf(change.class);
  changes.sort((a, b) => rank(a) - rank(b));
  const counts = { breaking: 0, additive: 0, cosmetic: 0 };
  for (const change of changes) counts[change.class]++;
  return { changes, counts };
}

/** Whether the diff has a change at or above `level` (`any`: any change at all). */
export function failsAt(diff: SurfaceDiff, level: ChangeClass | 'any'): boolean {
  if (level === 'any') return diff.changes.length > 0;
  const threshold = CHANGE_CLASSES.indexOf(level);
  return diff.changes.some((change) => CHANGE_CLASSES.indexOf(change.class) <= threshold);
}
