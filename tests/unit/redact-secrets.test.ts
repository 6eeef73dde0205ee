/** Low 4 of issue 25: export redaction finds a secret inside longer strings, in every form it takes there. */
import { describe, expect, it } from 'vitest';
import { redactInText, redactSecrets } from '../../main/core/traffic/redact-secrets.js';

describe('Low 4: redaction inside longer strings', () => {
  const secret = 'Fake/Token+Va lue=42';

  it('finds the secret in a URL query (as sent and percent-encoded), after Bearer, in a custom header and in a raw text', () => {
    const entry = {
      http: {
        url: `http://127.0.0.1/mcp?t=${encodeURIComponent(secret)}&u=${new URL(`http://x/?${secret}`).search.slice(1)}`,
        requestHeaders: { authorization: `Bearer ${secret}`, 'x-t': secret },
        requestBody: `grant=x&token=${encodeURIComponent(secret).replaceAll('%20', '+')}`,
      },
      raw: JSON.stringify({ params: { note: `"${secret}"` } }),
      time: 1234,
    };
    const redacted = redactSecrets(`${JSON.stringify(entry)}\n`, [secret]);
    const back = JSON.parse(redacted) as typeof entry;
    expect(back.http.url).toBe('http://127.0.0.1/mcp?t=[redacted]&u=[redacted]');
    expect(back.http.requestHeaders).toEqual({ authorization: 'Bearer [redacted]', 'x-t': '[redacted]' });
    expect(back.http.requestBody).toBe('grant=x&token=[redacted]');
    expect(back.raw).toBe(JSON.stringify({ params: { note: '"[redacted]"' } }));
  });

  it('changes string values only: a secret that is also part of a number or escape leaves the line valid JSON', () => {
    const line = `${JSON.stringify({ time: 1700080800, text: 'port 8080 and \u00e9', id: 8080 })}\n`;
    const redacted = redactSecrets(line, ['8080', 'u00e9']);
    expect(JSON.parse(redacted)).toEqual({ time: 1700080800, text: 'port [redacted] and \u00e9', id: 8080 });
  });

  it('redacts a plain text too (a provider\'s error message quoting the header it got), as is and percent-encoded', () => {
    const message = `Invalid header Authorization: Bearer ${secret}; see ?key=${encodeURIComponent(secret)}`;
    // Plain text has no JSON string literals: redactSecrets leaves it alone, redactInText does not.
    expect(redactSecrets(message, [secret])).toBe(message);
    expect(redactInText(message, [secret])).toBe('Invalid header Authorization: Bearer [redacted]; see ?key=[redacted]');
    expect(redactInText('a short one: abc', ['abc'])).toBe('a short one: abc');
  });
});
