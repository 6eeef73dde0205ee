/**
 * JSON Schema validation messages in plain words. The core's Ajv says "must NOT have fewer than
 * 2 characters"; a person filling a form reads "Use at least 2 characters." One wording for the
 * tool form, the JSON editor and elicitation forms.
 */

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address, like name@example.com',
  uri: 'a full URI, like https://example.com',
  'uri-reference': 'a URI or a relative reference',
  url: 'a full URL, like https://example.com',
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM:SS',
  'date-time': 'a date and time with a time zone, like 2025-01-31T14:30:00Z',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
};

const COMPARISONS: Record<string, string> = { '<=': 'at most', '>=': 'at least', '<': 'less than', '>': 'more than' };

type Rule = [RegExp, (...groups: string[]) => string];

const RULES: Rule[] = [
  [/^must have required property '(.+)'$/, () => 'Required.'],
  [/^must NOT have fewer than (\d+) characters?$/, (n) => `Use at least ${n} ${n === '1' ? 'character' : 'characters'}.`],
  [/^must NOT have more than (\d+) characters?$/, (n) => `Use at most ${n} ${n === '1' ? 'character' : 'characters'}.`],
  [/^must NOT have fewer than (\d+) items?$/, (n) => `Add at least ${n} ${n === '1' ? 'item' : 'items'}.`],
  [/^must NOT have more than (\d+) items?$/, (n) => `Use at most ${n} ${n === '1' ? 'item' : 'items'}.`],
  [/^must NOT have fewer than (\d+) properties$/, (n) => `Fill in at least ${n} properties.`],
  [/^must NOT have more than (\d+) properties$/, (n) => `Use at most ${n} properties.`],
  [/^must be (<=|>=|<|>) (.+)$/, (op, limit) => `Must be ${COMPARISONS[op]!} ${limit}.`],
  [/^must be multiple of (.+)$/, (n) => `Must be a multiple of ${n}.`],
  [/^must match pattern "(.*)"$/s, (pattern) => `Must match the pattern ${pattern}.`],
  [/^must match format "(.+)"$/, (format) => `Must be ${FORMAT_NAMES[format] ?? `a valid ${format}`}.`],
  [/^must be equal to one of the allowed values$/, () => 'Choose one of the allowed values.'],
  [/^must be equal to constant$/, () => 'Must be the one value the schema allows.'],
  [/^must NOT have additional properties$/, () => 'Has a property the schema does not allow.'],
  [/^must NOT have duplicate items.*$/, () => 'Items must all be different.'],
  [/^must match exactly one schema in oneOf$/, () => 'Must match exactly one of the allowed shapes.'],
  [/^must match a schema in anyOf$/, () => 'Must match one of the allowed shapes.'],
  [/^must NOT be valid$/, () => 'Is a value the schema rules out.'],
  [/^must be (\w+(?:,\w+)*)$/, (list) => {
    const names = list.split(',').map((name) => TYPE_NAMES[name] ?? name);
    return `Must be ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}` : names[0]!}.`;
  }],
];

/** The message for one validation error, as a sentence a person can act on. */
export function plainValidationMessage(message: string): string {
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  const text = message.replace(/ <= /g, ' ≤ ').replace(/ >= /g, ' ≥ ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}
