import { isObject } from '../../../shared/is-object.js';
import { refFragmentPointer, toPointer, valueAtPointer, type PathSegment } from '../../../shared/json-pointer.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { LINT_PROVIDER_NAMES, type LintProvider, type ToolLintFinding } from '../../../shared/tool-lint.js';
import { KEYWORD_FIXES, OPENAI_MAX_NESTING, OPENAI_MAX_PROPERTIES, UNSUPPORTED_KEYWORDS } from './provider-rules.js';

/**
 * Bounds on the work one tool's schema may cost: a server controls its schemas, so a huge, deep or
 * self-referencing one is reported as not checked past these, never walked without end.
 */
export const SCHEMA_LIMITS = { maxNodes: 20_000, maxDepth: 64, maxRefExpansions: 500, maxFindingsPerRule: 50 };

/** Subschemas under a keyword: one schema, a list of them, or a name → schema map. */
const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** A schema that says what it is without `type`. */
const TYPED_WITHOUT_TYPE = ['type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf'];

interface Visit {
  node: unknown;
  path: PathSegment[];
  /** How many object levels enclose this schema. */
  objectDepth: number;
  /** The `$ref` targets expanded on the way here (a target seen again is a cycle). */
  refs: readonly string[];
  /** This schema is a property's (or an array item's): it should say its type. */
  isValue: boolean;
}

type Finding = Omit<ToolLintFinding, 'tool'>;

/** Collects findings, at most `maxFindingsPerRule` of each rule, and one per keyword. */
class Findings {
  readonly list: Finding[] = [];
  private readonly perRule = new Map<string, number>();
  private readonly keywordSeen = new Map<string, Finding>();
  private readonly places = new Set<string>();

  add(finding: Finding): void {
    const place = `${finding.rule} ${finding.path}`;
    if (this.places.has(place)) return;
    this.places.add(place);
    const count = this.perRule.get(finding.rule) ?? 0;
    if (count >= SCHEMA_LIMITS.maxFindingsPerRule) return;
    this.perRule.set(finding.rule, count + 1);
    this.list.push(finding);
  }

  keyword(keyword: string, providers: LintProvider[], path: string): void {
    if (this.keywordSeen.has(keyword)) return;
    const shown = keyword === 'type[]' ? 'a list of types' : `"${keyword}"`;
    const finding: Finding = {
      rule: 'unsupported-keyword',
      severity: 'warning',
      providers,
      path,
      message: `The schema uses ${shown}, which ${providers.map((provider) => LINT_PROVIDER_NAMES[provider]).join(' and ')} ${providers.length > 1 ? 'do' : 'does'} not accept in tool parameters${providers.includes('openai') ? ' (OpenAI: in strict mode)' : ''}.`,
      fix: keyword === 'type[]' ? 'Give one type and mark the property nullable, or use anyOf.' : KEYWORD_FIXES[keyword] ?? `Leave out "${keyword}" and check it in the tool instead.`,
    };
    this.keywordSeen.set(keyword, finding);
    this.add(finding);
  }
}

function providersRefusing(keyword: string): LintProvider[] {
  return (Object.keys(UNSUPPORTED_KEYWORDS) as LintProvider[]).filter((provider) => UNSUPPORTED_KEYWORDS[provider].has(keyword));
}

function children(schema: JsonObject, visit: Visit, push: (child: Visit) => void): void {
  const objectDepth = visit.objectDepth + (schema.type === 'object' || isObject(schema.properties) ? 1 : 0);
  const child = (node: unknown, path: PathSegment[], isValue: boolean) => push({ node, path: [...visit.path, ...path], objectDepth, refs: visit.refs, isValue });
  for (const keyword of SINGLE) if (isObject(schema[keyword])) child(schema[keyword], [keyword], keyword === 'items' || keyword === 'additionalProperties');
  for (const keyword of LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((item, index) => child(item, [keyword, index], false));
  }
  for (const keyword of MAPS) {
    const map = schema[keyword];
    if (isObject(map)) for (const [name, item] of Object.entries(map)) child(item, [keyword, name], keyword === 'properties');
  }
}

/**
 * Lints one input schema (found at `basePath` in the tool, e.g. `/inputSchema`): provider keywords,
 * missing types, `$ref` cycles and dangling references, nesting, property count and undocumented
 * parameters. Iterative and bounded by SCHEMA_LIMITS.
 */
export function lintInputSchema(schema: JsonObject, basePath: string): Finding[] {
  const findings = new Findings();
  const at = (path: PathSegment[]) => `${basePath}${toPointer(path)}`;

  if (schema.type !== 'object') {
    findings.add({
      rule: 'schema-root',
      severity: 'error',
      providers: ['openai', 'anthropic', 'gemini'],
      path: at(['type']),
      message: `The input schema's type is ${schema.type === undefined ? 'missing' : JSON.stringify(schema.type)}; MCP and every provider need an object at the root.`,
      fix: 'Make the root { "type": "object", "properties": { … } }.',
    });
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties).slice(0, SCHEMA_LIMITS.maxFindingsPerRule)) {
    if (!isObject(property) || (typeof property.description === 'string' && property.description.trim() !== '')) continue;
    findings.add({
      rule: 'undocumented-parameter',
      severity: 'warning',
      providers: [],
      path: at(['properties', name]),
      message: `The parameter "${name}" has no description, so a model can only guess what to put in it.`,
      fix: `Add a "description" to "${name}" saying what it is, its unit or format, and an example.`,
    });
  }

  const stack: Visit[] = [{ node: schema, path: [], objectDepth: 0, refs: [], isValue: false }];
  let nodes = 0;
  let expansions = 0;
  let propertyCount = 0;
  let deepest = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (!isObject(visit.node)) continue;
    const node = visit.node;
    if (++nodes > SCHEMA_LIMITS.maxNodes || visit.path.length > SCHEMA_LIMITS.maxDepth) {
      findings.add({
        rule: 'not-checked',
        severity: 'error',
        providers: [],
        path: at(visit.path),
        message: `The schema is too ${nodes > SCHEMA_LIMITS.maxNodes ? `large (over ${SCHEMA_LIMITS.maxNodes} subschemas)` : `deep (over ${SCHEMA_LIMITS.maxDepth} levels)`} for Loupe to check past here, and for most hosts to use.`,
        fix: 'Split the tool, or flatten its parameters.',
      });
      break;
    }
    deepest = Math.max(deepest, visit.objectDepth + (node.type === 'object' ? 1 : 0));
    if (isObject(node.properties)) propertyCount += Object.keys(node.properties).length;

    for (const keyword of Object.keys(node)) {
      const refusing = providersRefusing(keyword);
      if (refusing.length > 0) findings.keyword(keyword, refusing, at([...visit.path, keyword]));
    }
    if (Array.isArray(node.type)) findings.keyword('type[]', ['gemini'], at([...visit.path, 'type']));
    if (visit.isValue && !TYPED_WITHOUT_TYPE.some((keyword) => node[keyword] !== undefined)) {
      findings.add({
        rule: 'missing-type',
        severity: 'warning',
        providers: ['gemini', 'openai'],
        path: at(visit.path),
        message: `The schema at ${at(visit.path)} says no type, which Gemini requires and OpenAI's strict mode refuses.`,
        fix: 'Add "type" (string, number, integer, boolean, object or array).',
      });
    }

    if (typeof node.$ref === 'string') {
      const pointer = refFragmentPointer(node.$ref);
      const target = pointer === null ? undefined : valueAtPointer(schema, pointer);
      if (pointer === null || !isObject(target)) {
        findings.add({
          rule: 'unresolved-ref',
          severity: 'error',
          providers: ['openai', 'anthropic', 'gemini'],
          path: at([...visit.path, '$ref']),
          message: `"$ref": "${node.$ref}" does not point inside this schema, so no host can resolve it.`,
          fix: 'Point $ref at "#/$defs/…" in the same schema, or inline the schema.',
        });
      } else if (visit.refs.includes(pointer)) {
        findings.add({
          rule: 'ref-cycle',
          severity: 'warning',
          providers: ['gemini'],
          path: at([...visit.path, '$ref']),
          message: `"$ref": "${node.$ref}" refers back to itself; hosts that inline references never finish, and Gemini cannot express it.`,
          fix: 'Bound the recursion (a fixed number of levels), or take the nested part as a JSON string.',
        });
      } else if (++expansions <= SCHEMA_LIMITS.maxRefExpansions) {
        stack.push({ node: target, path: visit.path, objectDepth: visit.objectDepth, refs: [...visit.refs, pointer], isValue: false });
      }
    }
    children(node, visit, (child) => stack.push(child));
  }

  if (deepest > OPENAI_MAX_NESTING) {
    findings.add({
      rule: 'nesting-depth',
      severity: 'warning',
      providers: ['openai'],
      path: basePath,
      message: `Objects nest ${deepest} levels deep; OpenAI's strict mode takes at most ${OPENAI_MAX_NESTING}.`,
      fix: 'Flatten the nested objects, or split the tool.',
    });
  }
  if (propertyCount > OPENAI_MAX_PROPERTIES) {
    findings.add({
      rule: 'too-many-properties',
      severity: 'warning',
      providers: ['openai'],
      path: basePath,
      message: `The schema declares ${propertyCount} properties; OpenAI's strict mode takes at most ${OPENAI_MAX_PROPERTIES}.`,
      fix: 'Split the tool, or take the rarely used parts as one object.',
    });
  }
  return findings.list;
}
