/**
 * What the form offers for a string `format`: the input that suits it and a placeholder. Whether a
 * value fits its format is the core's business (Ajv with ajv-formats).
 */

export interface FormatInput {
  /** `text` when the browser's own control would lose precision. */
  inputType: 'text' | 'date' | 'email' | 'url';
  placeholder?: string;
}

const FORMAT_INPUTS: Readonly<Record<string, FormatInput>> = {
  date: { inputType: 'date' },
  // A datetime-local control drops the offset and seconds; RFC 3339 needs both, so keep it text.
  'date-time': { inputType: 'text', placeholder: '2025-01-31T13:45:00Z' },
  time: { inputType: 'text', placeholder: '13:45:00Z' },
  email: { inputType: 'email', placeholder: 'name@example.com' },
  uri: { inputType: 'url', placeholder: 'https://' },
  url: { inputType: 'url', placeholder: 'https://' },
  uuid: { inputType: 'text', placeholder: '00000000-0000-0000-0000-000000000000' },
  ipv4: { inputType: 'text', placeholder: '127.0.0.1' },
  ipv6: { inputType: 'text', placeholder: '::1' },
  hostname: { inputType: 'text', placeholder: 'example.com' },
};

/** The formats the core's ajv-formats checks; others are annotations only. */
const CHECKED_FORMATS = new Set([
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url',
  'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment', 'relative-json-pointer',
  'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
]);

export function formatInput(format: unknown): FormatInput {
  return typeof format === 'string' && Object.hasOwn(FORMAT_INPUTS, format) ? FORMAT_INPUTS[format]! : { inputType: 'text' };
}

export function isCheckedFormat(format: string): boolean {
  return CHECKED_FORMATS.has(format);
}
