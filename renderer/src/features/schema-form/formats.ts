/**
 * The string formats the form knows: which input to show for each and how to check a value.
 * Formats not listed here are annotations only (JSON Schema does not require checking them).
 */

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const max = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
  return day <= max;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

function checkDate(text: string): boolean {
  const match = DATE.exec(text);
  return match !== null && isValidDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function checkDateTime(text: string): boolean {
  const separator = text.search(/[tT ]/);
  return separator === 10 && checkDate(text.slice(0, 10)) && TIME.test(text.slice(11));
}

function checkIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

function checkIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

function checkHostname(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  return text.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

function checkRegex(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}

export interface FormatSpec {
  /** What a valid value looks like, for messages: “a valid <description>”. */
  description: string;
  /** The input that suits it; `text` when the browser's own control would lose precision. */
  inputType: 'text' | 'date' | 'email' | 'url';
  placeholder?: string;
  check(text: string): boolean;
}

export const FORMATS: Readonly<Record<string, FormatSpec>> = {
  date: { description: 'date (YYYY-MM-DD)', inputType: 'date', check: checkDate },
  // A datetime-local control drops the offset and seconds; RFC 3339 needs both, so keep it text.
  'date-time': {
    description: 'date and time (RFC 3339, e.g. 2025-01-31T13:45:00Z)',
    inputType: 'text',
    placeholder: '2025-01-31T13:45:00Z',
    check: checkDateTime,
  },
  time: { description: 'time (e.g. 13:45:00Z)', inputType: 'text', placeholder: '13:45:00Z', check: (text) => TIME.test(text) },
  email: {
    description: 'email address',
    inputType: 'email',
    placeholder: 'name@example.com',
    check: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  },
  uri: {
    description: 'absolute URI (e.g. https://example.com/)',
    inputType: 'url',
    placeholder: 'https://',
    check: (text) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(text),
  },
  url: {
    description: 'URL',
    inputType: 'url',
    placeholder: 'https://',
    check: (text) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(text),
  },
  'uri-reference': { description: 'URI reference', inputType: 'text', check: (text) => !/\s/.test(text) },
  uuid: {
    description: 'UUID',
    inputType: 'text',
    placeholder: '00000000-0000-0000-0000-000000000000',
    check: (text) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text),
  },
  ipv4: { description: 'IPv4 address', inputType: 'text', placeholder: '127.0.0.1', check: checkIpv4 },
  ipv6: { description: 'IPv6 address', inputType: 'text', placeholder: '::1', check: checkIpv6 },
  hostname: { description: 'host name', inputType: 'text', placeholder: 'example.com', check: checkHostname },
  regex: { description: 'regular expression', inputType: 'text', check: checkRegex },
};

export function formatSpec(format: unknown): FormatSpec | undefined {
  return typeof format === 'string' && Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
}
