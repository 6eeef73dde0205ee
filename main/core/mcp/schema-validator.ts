import { createHash } from 'node:crypto';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { toPointer } from '../../../shared/json-pointer.js';

/** How many compiled schemas are kept; tools are validated again and again with the same schema. */
const CACHE_SIZE = 256;

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => void;

function createAjv(dialect: '07' | '2020'): Ajv {
  // strict: false, because real servers' schemas carry unknown keywords (e.g. `min`, `max`).
  const options = { allErrors: true, strict: false, validateFormats: true, unicodeRegExp: false };
  const ajv = dialect === '2020' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

function dialectOf(schema: JsonObject): '07' | '2020' {
  return typeof schema.$schema === 'string' && schema.$schema.includes('2020-12') ? '2020' : '07';
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required') return `"${String(error.params.missingProperty)}" is required`;
  if (error.keyword === 'additionalProperties') return `"${String(error.params.additionalProperty)}" is not allowed here`;
  if (error.keyword === 'enum') return `must be one of ${JSON.stringify(error.params.allowedValues)}`;
  return error.message ?? `fails "${error.keyword}"`;
}

/** Points at the property concerned for `required` and `additionalProperties`, not at the object. */
function pathOf(error: ErrorObject): string {
  if (error.keyword === 'required') return error.instancePath + toPointer([String(error.params.missingProperty)]);
  if (error.keyword === 'additionalProperties') return error.instancePath + toPointer([String(error.params.additionalProperty)]);
  return error.instancePath;
}

/** Ajv with a small cache of compiled schemas, keyed by the schema's content. */
export class SchemaValidator {
  private readonly ajv = { '07': createAjv('07'), '2020': createAjv('2020') };
  private readonly compiled = new Map<string, ValidateFunction>();

  validate(schema: JsonObject, value: unknown): SchemaValidation {
    let validateFn: ValidateFunction;
    try {
      validateFn = this.compile(schema);
    } catch (error) {
      return { valid: false, errors: [], schemaError: `The schema could not be used: ${error instanceof Error ? error.message : String(error)}` };
    }
    const valid = validateFn(value);
    return {
      valid,
      errors: valid ? [] : (validateFn.errors ?? []).map((error) => ({ path: pathOf(error), message: describe(error), keyword: error.keyword })),
    };
  }

  private compile(schema: JsonObject): ValidateFunction {
    const key = createHash('sha1').update(JSON.stringify(schema)).digest('base64');
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const dialect = dialectOf(schema);
    // Compile a copy without $id, so two servers' schemas with the same $id cannot collide in Ajv.
    const { $id: _id, ...anonymous } = schema;
    const compiled = this.ajv[dialect].compile(anonymous);
    this.compiled.set(key, compiled);
    if (this.compiled.size > CACHE_SIZE) {
      const oldest = this.compiled.keys().next().value;
      if (oldest !== undefined) this.compiled.delete(oldest);
    }
    return compiled;
  }
}
