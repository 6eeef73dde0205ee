export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary text; a secret that short protects nothing anyway. */
const MIN_SECRET_LENGTH = 4;
/** A JSON string literal: linear to match (the alternatives never overlap). */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The forms a secret takes inside a string: as is, JSON-escaped (inside a message's raw text), and
 * percent-encoded (by encodeURIComponent, as a form body with `+` for a space, and as a URL's own
 * query and path encode it).
 */
function formsOf(secret: string): string[] {
  const percent = encodeURIComponent(secret);
  const url = new URL('http://x/');
  url.search = secret;
  const query = url.search.slice(1);
  url.pathname = secret;
  return [secret, jsonEscaped(secret), percent, percent.replaceAll('%20', '+'), query, url.pathname.slice(1)];
}

function formsByLength(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH).flatMap(formsOf))].sort((a, b) => b.length - a.length);
}

/**
 * Replaces every occurrence of each secret in a plain text (a sentence, a provider's error message),
 * in any of the forms `redactSecrets` knows. For JSON, use `redactSecrets`, which keeps it valid.
 */
export function redactInText(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const form of formsByLength(secrets)) if (redacted.includes(form)) redacted = redacted.split(form).join(REDACTED);
  return redacted;
}

/**
 * Replaces every occurrence of each secret in exported JSON Lines, wherever it sits inside a string
 * (a URL's query, `Bearer …`, a custom header, a message's raw text). Only string values are
 * changed, and each is written again as valid JSON, so a secret that also appears in a number or a
 * name never breaks a line.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = formsByLength(secrets);
  // How the forms look in the text itself, where strings are JSON-escaped once more.
  const inText = [...new Set(forms.flatMap((form) => [form, jsonEscaped(form)]))];
  if (!inText.some((form) => text.includes(form))) return text;
  return text.replace(STRING_LITERAL, (literal) => {
    if (!inText.some((form) => literal.includes(form))) return literal;
    let value = JSON.parse(literal) as string;
    for (const form of forms) if (value.includes(form)) value = value.split(form).join(REDACTED);
    return JSON.stringify(value);
  });
}
