export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary text; a secret that short protects nothing anyway. */
const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each secret, raw or JSON-escaped, in exported text. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    for (const form of new Set([secret, escaped])) result = result.split(form).join(REDACTED);
  }
  return result;
}
