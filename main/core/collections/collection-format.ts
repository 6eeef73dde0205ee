/**
 * The shape of collection.yaml and of request files (docs/collections.md), checked with zod; every
 * problem is one sentence naming the file, the line and the field.
 */
import { z } from 'zod';
import { COLLECTION_FORMAT_VERSION, type Check, type CollectionFile, type CollectionProblem, type CollectionServer, type SavedRequest } from '../../../shared/collections.js';
import { PROTOCOL_ERA_SETTINGS } from '../../../shared/server-config.js';
import { parseYaml, shapeProblem, yamlText, yamlValue, type KeyOrder } from './yaml-file.js';

const text = z.string({ error: 'must be text' });
const name = text.min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const strings = z.record(z.string(), text, { error: 'must be a map of names to text' });
const era = z.enum(PROTOCOL_ERA_SETTINGS as ['auto', 'legacy', 'modern'], { error: 'must be auto, legacy or modern' });
const jsonObject = z.record(z.string(), z.unknown(), { error: 'must be a map' });
const positiveMs = z.number({ error: 'must be a number of milliseconds' }).positive('must be more than 0').max(3_600_000, 'must be at most an hour');

/**
 * A map that is exactly one of several kinds, told apart by which key it has (a check's `equals`,
 * a request's `tool`): each kind has its own strict shape, so errors name the right fields.
 */
function oneOf<T>(shapes: Record<string, z.ZodType>, none: string, both: (kinds: string[]) => string) {
  const kinds = Object.keys(shapes);
  return z.unknown().transform((value, context): T => {
    const present = typeof value === 'object' && value !== null && !Array.isArray(value) ? kinds.filter((kind) => kind in value) : [];
    if (present.length !== 1) {
      context.addIssue({ code: 'custom', message: present.length === 0 ? none : both(present) });
      return z.NEVER;
    }
    const parsed = shapes[present[0]!]!.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue(issue as never);
      return z.NEVER;
    }
    return parsed.data as T;
  });
}

const stdioServer = z.strictObject({
  command: text.min(1, 'must name a command'),
  args: z.array(text, { error: 'must be a list of text' }).optional(),
  env: strings.optional(),
  cwd: text.optional(),
  era: era.optional(),
});
const httpServer = z.strictObject({
  url: text.min(1, 'must be a URL'),
  transport: z.enum(['http', 'sse'], { error: 'must be http or sse' }).optional(),
  headers: strings.optional(),
  era: era.optional(),
});
const server = oneOf<CollectionServer>({ command: stdioServer, url: httpServer }, 'must have a command (a stdio server) or a url (an HTTP server)', () => 'has both a command and a url: a server is one of them');

const collectionSchema = z.strictObject({
  loupe: z.literal(COLLECTION_FORMAT_VERSION, { error: `must be ${COLLECTION_FORMAT_VERSION} (the format version this Loupe reads)` }),
  name,
  servers: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/, 'must be a name of letters, digits, "-", "_" and "."'), server, { error: 'must be a map of server names' }),
  variables: strings.optional(),
  environments: z.record(z.string(), strings, { error: 'must be a map of environment names' }).optional(),
});

const checkName = { name: text.optional() };
const path = text.refine((value) => value.startsWith('/') || value === '' || value.startsWith('$'), 'must be a JSON Pointer (/a/0) or a JSONPath ($.a[0])');
const CHECK_SHAPES = {
  outcome: z.strictObject({ ...checkName, outcome: z.enum(['success', 'isError', 'error'], { error: 'must be success, isError or error' }), code: z.int('must be a whole number').optional() }),
  equals: z.strictObject({ ...checkName, path, equals: z.unknown() }),
  contains: z.strictObject({ ...checkName, path, contains: z.unknown() }),
  matches: z.strictObject({ ...checkName, path, matches: text.max(10_000, 'must be at most 10,000 characters'), flags: z.string().regex(/^[imsu]*$/, 'must be made of the flags i, m, s and u').optional() }),
  exists: z.strictObject({ ...checkName, path, exists: z.boolean({ error: 'must be true or false' }) }),
  schema: z.strictObject({ ...checkName, schema: jsonObject }),
  latencyMs: z.strictObject({ ...checkName, latencyMs: positiveMs }),
  snapshot: z.strictObject({ ...checkName, snapshot: z.strictObject({ ignore: z.array(text, { error: 'must be a list of JSON Pointers' }).optional() }, { error: 'must be a map (it may be empty: {})' }) }),
} as const;
const check = oneOf<Check>(CHECK_SHAPES, `must be one of: ${Object.keys(CHECK_SHAPES).join(', ')}`, (kinds) => `has both ${kinds.join(' and ')}: a check is one of them`);

const requestBase = {
  name: name.optional(),
  server: text.optional(),
  timeoutMs: positiveMs.optional(),
  checks: z.array(check, { error: 'must be a list of checks' }).max(200, 'must be at most 200 checks').optional(),
};
const REQUEST_SHAPES = {
  tool: z.strictObject({ ...requestBase, tool: text.min(1, 'must name a tool'), arguments: jsonObject.optional() }),
  resource: z.strictObject({ ...requestBase, resource: text.min(1, 'must be a resource URI') }),
  prompt: z.strictObject({ ...requestBase, prompt: text.min(1, 'must name a prompt'), arguments: strings.optional() }),
} as const;
const requestSchema = oneOf<SavedRequest>(REQUEST_SHAPES, 'needs one of tool, resource or prompt', (kinds) => `has both ${kinds.join(' and ')}: a request sends one of them`);

function parseFile<T>(text: string, file: string, schema: z.ZodType<T>): { value: T } | { problem: CollectionProblem } {
  const read = parseYaml(text, file);
  if ('problem' in read) return read;
  const plain = yamlValue(read.parsed, file);
  if ('problem' in plain) return plain;
  const checked = schema.safeParse(plain.value);
  return checked.success ? { value: checked.data } : { problem: shapeProblem(read.parsed, file, checked.error) };
}

export function parseCollectionText(text: string, file: string): { value: CollectionFile } | { problem: CollectionProblem } {
  return parseFile(text, file, collectionSchema as z.ZodType<CollectionFile>);
}

export function parseRequestText(text: string, file: string): { value: SavedRequest } | { problem: CollectionProblem } {
  return parseFile(text, file, requestSchema);
}

/** Checks a request the window hands the core to save: the same rules as a file. */
export function checkRequest(value: unknown, file: string): { value: SavedRequest } | { problem: CollectionProblem } {
  const checked = requestSchema.safeParse(value);
  if (checked.success) return { value: checked.data };
  const issue = checked.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return { problem: { file, message: `${file}: ${field ? `"${field}" ` : 'The request '}${issue.message}.` } };
}

const REQUEST_ORDER = ['name', 'server', 'tool', 'resource', 'prompt', 'arguments', 'timeoutMs', 'checks'];
const CHECK_ORDER = ['name', 'outcome', 'code', 'path', 'equals', 'contains', 'matches', 'flags', 'exists', 'schema', 'latencyMs', 'snapshot'];
const COLLECTION_ORDER = ['loupe', 'name', 'servers', 'variables', 'environments'];
const SERVER_ORDER = ['command', 'args', 'cwd', 'env', 'url', 'transport', 'headers', 'era'];

/** Loupe writes keys in one order, so a file it creates reads the same way every time. */
const requestOrder: KeyOrder = (path) => (path.length === 0 ? REQUEST_ORDER : path.length === 2 && path[0] === 'checks' ? CHECK_ORDER : []);
const collectionOrder: KeyOrder = (path) => (path.length === 0 ? COLLECTION_ORDER : path.length === 2 && path[0] === 'servers' ? SERVER_ORDER : []);

/** The request file's new text: `existing` edited in place (comments kept), or a new file. */
export function requestFileText(existing: string | undefined, request: SavedRequest): string {
  return yamlText(existing, request, requestOrder, 'A Loupe request: see docs/collections.md');
}

export function collectionFileText(existing: string | undefined, collection: CollectionFile): string {
  return yamlText(existing, collection, collectionOrder, 'A Loupe collection: see docs/collections.md');
}
