import type { LintProvider } from '../../../shared/tool-lint.js';

/**
 * What each model provider documents about the tools it accepts. A host (Claude, ChatGPT, VS Code
 * with Gemini…) hands an MCP tool's name and input schema to its model's tool-calling API, so a tool
 * that breaks these rules is refused, renamed or quietly mangled there.
 *
 * Sources (as published by December 2026):
 * - OpenAI: function calling ("name: a-z, A-Z, 0-9, underscores and dashes, at most 64") and the
 *   Structured Outputs guide's "Supported schemas" (strict mode: at most 10 levels of nesting and
 *   5,000 object properties; `allOf`, `not`, `if`/`then`/`else`, `dependentRequired`,
 *   `dependentSchemas`, `patternProperties`, `unevaluatedProperties`, `propertyNames`,
 *   `minProperties`, `maxProperties`, `unevaluatedItems`, `contains`, `minContains`, `maxContains`
 *   and `uniqueItems` are not supported; recursion through `$ref` is).
 * - Anthropic: tool use ("name must match ^[a-zA-Z0-9_-]{1,64}$"; `input_schema` is a JSON Schema
 *   object). Anthropic documents no keyword subset for ordinary tool use, so the lint claims none.
 * - Google Gemini: FunctionDeclaration ("must start with a letter or an underscore; a-z, A-Z, 0-9,
 *   underscores, dots, colons and dashes; at most 64") whose `parameters` are an OpenAPI 3.0 Schema
 *   subset: type, format, title, description, nullable, enum, items, properties, required,
 *   min/maxItems, min/maxProperties, min/maxLength, pattern, minimum, maximum, default, anyOf,
 *   propertyOrdering. `$ref`, `$defs`, `oneOf`, `allOf`, `not`, `const`, `additionalProperties`
 *   and type arrays are outside it.
 */

export interface NameRule {
  provider: LintProvider;
  pattern: RegExp;
  /** The rule in words, for the finding. */
  wording: string;
}

export const NAME_RULES: readonly NameRule[] = [
  { provider: 'openai', pattern: /^[a-zA-Z0-9_-]{1,64}$/, wording: 'letters, digits, _ and - only, at most 64' },
  { provider: 'anthropic', pattern: /^[a-zA-Z0-9_-]{1,64}$/, wording: 'letters, digits, _ and - only, at most 64' },
  { provider: 'gemini', pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/, wording: 'a letter or _ first, then letters, digits, _ . : -, at most 64' },
];

/** A name every provider above accepts, made from the given one. */
export function portableName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
  const started = /^[a-zA-Z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
  return started.slice(0, 64);
}

/** Keywords a provider does not accept (or silently drops) in a tool's parameter schema. */
export const UNSUPPORTED_KEYWORDS: Readonly<Record<LintProvider, ReadonlySet<string>>> = {
  openai: new Set([
    'allOf',
    'not',
    'if',
    'then',
    'else',
    'dependentRequired',
    'dependentSchemas',
    'patternProperties',
    'unevaluatedProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'unevaluatedItems',
    'contains',
    'minContains',
    'maxContains',
    'uniqueItems',
  ]),
  anthropic: new Set(),
  gemini: new Set([
    '$ref',
    '$defs',
    'definitions',
    'oneOf',
    'allOf',
    'not',
    'const',
    'if',
    'then',
    'else',
    'additionalProperties',
    'patternProperties',
    'dependentSchemas',
    'dependentRequired',
    'prefixItems',
    'unevaluatedProperties',
    'unevaluatedItems',
    'propertyNames',
    'contains',
  ]),
};

/** OpenAI strict mode's documented ceilings. */
export const OPENAI_MAX_NESTING = 10;
export const OPENAI_MAX_PROPERTIES = 5000;

/** What to write instead of a keyword a provider refuses, in one sentence. */
export const KEYWORD_FIXES: Readonly<Record<string, string>> = {
  $ref: 'Inline the referenced schema (keep $ref only where it is recursive, and accept that Gemini cannot take it).',
  $defs: 'Inline the definitions where they are used.',
  definitions: 'Inline the definitions where they are used.',
  oneOf: 'Use anyOf (every provider takes it), or one object with an enum discriminator.',
  allOf: 'Merge the sub-schemas into one object schema.',
  not: 'Describe the allowed values positively (an enum or a pattern), and check the rest in the tool.',
  const: 'Use an enum with the one value.',
  if: 'Split the conditional into separate tools, or check it in the tool and describe it in the description.',
  then: 'Split the conditional into separate tools, or check it in the tool and describe it in the description.',
  else: 'Split the conditional into separate tools, or check it in the tool and describe it in the description.',
  additionalProperties: 'Leave it out for Gemini (it ignores undeclared keys anyway); declare the properties you expect.',
  patternProperties: 'Declare the properties by name, or take an array of key/value objects.',
  propertyNames: 'Check the names in the tool and say the rule in the description.',
  dependentSchemas: 'Check the dependency in the tool and say it in the description.',
  dependentRequired: 'Check the dependency in the tool and say it in the description.',
  prefixItems: 'Use an object with named properties instead of a tuple.',
  unevaluatedProperties: 'Use additionalProperties: false where the provider takes it, else leave it out.',
  unevaluatedItems: 'Leave it out and check the items in the tool.',
  contains: 'Check it in the tool and say it in the description.',
  minContains: 'Check it in the tool and say it in the description.',
  maxContains: 'Check it in the tool and say it in the description.',
  uniqueItems: 'Check it in the tool and say it in the description.',
  minProperties: 'Check it in the tool and say it in the description.',
  maxProperties: 'Check it in the tool and say it in the description.',
};
