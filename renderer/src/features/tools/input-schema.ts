import type { JsonObject } from '../../../../shared/mcp';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requiredNames(schema: JsonObject): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
}

function primaryType(schema: JsonObject): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type): type is string => typeof type === 'string' && type !== 'null');
  return undefined;
}

/** A starting value for one property: its default, const or first enum value, else an empty value of its type. */
function placeholderFor(schema: unknown, depth: number): unknown {
  if (!isObject(schema)) return null;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (primaryType(schema)) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return depth < 4 ? requiredSkeleton(schema, depth + 1) : {};
    default:
      return null;
  }
}

function requiredSkeleton(schema: JsonObject, depth: number): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const skeleton: JsonObject = {};
  for (const name of requiredNames(schema)) skeleton[name] = placeholderFor(properties[name], depth);
  return skeleton;
}

/**
 * The arguments editor's first text: the required properties with placeholder values, so a
 * call can be made by filling them in. Optional properties are listed beside the editor instead,
 * because a placeholder sent for an optional property can change what the tool does.
 */
export function argumentSkeleton(schema: JsonObject | undefined): string {
  if (!schema) return '{}';
  const skeleton = requiredSkeleton(schema, 0);
  return Object.keys(skeleton).length === 0 ? '{}' : JSON.stringify(skeleton, null, 2);
}

export interface PropertySummary {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

export function summarizeProperties(schema: JsonObject | undefined): PropertySummary[] {
  if (!schema || !isObject(schema.properties)) return [];
  const required = new Set(requiredNames(schema));
  return Object.entries(schema.properties).map(([name, property]) => {
    const summary: PropertySummary = { name, type: 'any', required: required.has(name) };
    if (isObject(property)) {
      if (Array.isArray(property.enum)) summary.type = property.enum.map((value) => JSON.stringify(value)).join(' | ');
      else if (Array.isArray(property.type)) summary.type = property.type.join(' | ');
      else if (typeof property.type === 'string') summary.type = property.type;
      if (typeof property.description === 'string') summary.description = property.description;
    }
    return summary;
  });
}

export type ParsedArguments = { ok: true; value: JsonObject } | { ok: false; message: string };

/** Empty text means no arguments; anything else must be one JSON object. */
export function parseArguments(text: string): ParsedArguments {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(value)) return { ok: false, message: 'The arguments must be a JSON object, e.g. {"name": "value"}.' };
  return { ok: true, value };
}
