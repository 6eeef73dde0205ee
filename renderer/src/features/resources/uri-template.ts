/**
 * RFC 6570 URI templates (level 4 syntax, string values): parsing into literals and
 * expressions, and expansion. Written here rather than taken from the SDK because the
 * SDK's expander drops the operator prefix of multi-variable expressions such as {/a,b}.
 * Pure: no imports, so unit tests and the renderer share it.
 */

export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface TemplateVariable {
  name: string;
  /** `{name:3}`: only the first 3 characters are used. */
  prefix?: number;
  /** `{name*}`: has no effect on a single string value, kept for display. */
  explode: boolean;
}

export type TemplatePart =
  | { kind: 'literal'; text: string }
  | { kind: 'expression'; operator: TemplateOperator; variables: TemplateVariable[]; source: string };

export interface ParsedTemplate {
  parts: TemplatePart[];
  /** Every variable name once, in order of first appearance. */
  variables: string[];
}

export type TemplateParseResult = { ok: true; template: ParsedTemplate } | { ok: false; message: string };

interface OperatorRules {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  allowReserved: boolean;
}

const OPERATOR_RULES: Record<TemplateOperator, OperatorRules> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

/** What each operator does, for hints next to a variable's field (the simple form needs none). */
export const OPERATOR_MEANINGS: Record<TemplateOperator, string> = {
  '': '',
  '+': 'reserved characters kept as they are',
  '#': 'fragment',
  '.': 'label',
  '/': 'path segment',
  ';': 'path parameter, may be left empty',
  '?': 'query parameter, may be left empty',
  '&': 'query parameter, may be left empty',
};

const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
/** RFC varname, leniently: servers use hyphens too. */
const VARIABLE_NAME = /^(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+)*$/;

function isOperator(char: string | undefined): char is Exclude<TemplateOperator, ''> {
  return char !== undefined && char !== '' && char in OPERATOR_RULES;
}

function parseVariable(spec: string, expression: string): TemplateVariable | string {
  let name = spec;
  let explode = false;
  let prefix: number | undefined;
  if (name.endsWith('*')) {
    explode = true;
    name = name.slice(0, -1);
  }
  const colon = name.indexOf(':');
  if (colon >= 0) {
    const digits = name.slice(colon + 1);
    if (!/^[1-9]\d{0,3}$/.test(digits)) return `The prefix length in “${expression}” must be a number from 1 to 9999.`;
    prefix = Number(digits);
    name = name.slice(0, colon);
  }
  if (!VARIABLE_NAME.test(name)) return `“${name}” in “${expression}” is not a valid variable name.`;
  return { name, explode, ...(prefix !== undefined ? { prefix } : {}) };
}

export function parseUriTemplate(text: string): TemplateParseResult {
  const parts: TemplatePart[] = [];
  const variables: string[] = [];
  let literal = '';
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf('{', index);
    if (open < 0) {
      literal += text.slice(index);
      break;
    }
    literal += text.slice(index, open);
    const close = text.indexOf('}', open);
    if (close < 0) return { ok: false, message: `The expression at character ${open + 1} has no closing “}”.` };
    const source = text.slice(open, close + 1);
    let body = text.slice(open + 1, close);
    if (body.includes('{')) return { ok: false, message: `The expression at character ${open + 1} has no closing “}”.` };
    let operator: TemplateOperator = '';
    const first = body[0];
    if (isOperator(first)) {
      operator = first;
      body = body.slice(1);
    } else if (first !== undefined && RESERVED_OPERATORS.has(first)) {
      return { ok: false, message: `“${source}” uses “${first}”, an operator reserved for future use.` };
    }
    if (body === '') return { ok: false, message: `“${source}” names no variable.` };
    const parsed: TemplateVariable[] = [];
    for (const spec of body.split(',')) {
      const variable = parseVariable(spec, source);
      if (typeof variable === 'string') return { ok: false, message: variable };
      parsed.push(variable);
      if (!variables.includes(variable.name)) variables.push(variable.name);
    }
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    parts.push({ kind: 'expression', operator, variables: parsed, source });
    index = close + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  return { ok: true, template: { parts, variables } };
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const RESERVED = /^[:/?#[\]@!$&'()*+,;=]$/;

function percentEncode(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
  try {
    return encodeURIComponent(char);
  } catch {
    // A lone surrogate: encode U+FFFD, as a browser would.
    return '%EF%BF%BD';
  }
}

/** Percent-encodes all but unreserved characters (and, for + and #, reserved ones and existing %XX triplets). */
export function encodeTemplateValue(value: string, allowReserved: boolean): string {
  let out = '';
  let index = 0;
  while (index < value.length) {
    const char = String.fromCodePoint(value.codePointAt(index) ?? 0xfffd);
    const isTriplet = char === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(index + 1, index + 3));
    if (UNRESERVED.test(char) || (allowReserved && (RESERVED.test(char) || isTriplet))) out += char;
    else out += percentEncode(char);
    index += char.length;
  }
  return out;
}

/** Expands the template; `undefined` values are left out, as RFC 6570 says. */
export function expandUriTemplate(template: ParsedTemplate, values: Readonly<Record<string, string | undefined>>): string {
  let out = '';
  for (const part of template.parts) {
    if (part.kind === 'literal') {
      out += part.text;
      continue;
    }
    const rules = OPERATOR_RULES[part.operator];
    const pieces: string[] = [];
    for (const variable of part.variables) {
      const raw = values[variable.name];
      if (raw === undefined) continue;
      const value = variable.prefix === undefined ? raw : Array.from(raw).slice(0, variable.prefix).join('');
      const encoded = encodeTemplateValue(value, rules.allowReserved);
      if (!rules.named) pieces.push(encoded);
      else pieces.push(value === '' ? `${variable.name}${rules.ifEmpty}` : `${variable.name}=${encoded}`);
    }
    if (pieces.length > 0) out += rules.first + pieces.join(rules.separator);
  }
  return out;
}

/** The expression each variable first appears in, for field hints. */
export function variableExpressions(template: ParsedTemplate): Map<string, { operator: TemplateOperator; source: string }> {
  const expressions = new Map<string, { operator: TemplateOperator; source: string }>();
  for (const part of template.parts) {
    if (part.kind !== 'expression') continue;
    for (const variable of part.variables) {
      if (!expressions.has(variable.name)) expressions.set(variable.name, { operator: part.operator, source: part.source });
    }
  }
  return expressions;
}
