import { CREDENTIAL_NAME } from './config-import.js';

/** A name that ends in KEY as a word (`WEATHER_KEY`, `X-Key`, `key`), which CREDENTIAL_NAME's `api_key` misses. */
const KEY_NAME = /(^|[-_.])key$/i;

/** Prefixes of well-known credentials: OpenAI/Stripe, GitHub, Slack, AWS, Google, GitLab, JWTs, auth schemes. */
const CREDENTIAL_PREFIX = /^(sk|pk|rk)[-_]|^(ghp|gho|ghu|ghs|ghr)_|^github_pat_|^xox[abpr]-|^AKIA[0-9A-Z]{12}|^AIza|^glpat-|^eyJ[\w-]+\.[\w-]+|^(Bearer|Basic|Token)\s+\S/;

/**
 * A long unbroken run of letters and digits with both in it: how generated keys and tokens look.
 * Paths, URLs, words and numbers do not.
 */
function looksGenerated(value: string): boolean {
  if (value.length < 20 || value.length > 4096 || /[\s/\\:]/.test(value)) return false;
  return /[a-z]/i.test(value) && /\d/.test(value) && /^[\w.+=~-]+$/.test(value);
}

/**
 * Whether an environment variable or header looks like it holds a credential, by its name or by
 * the shape of its value. Imported rows that do are kept in the keychain unless the person says
 * otherwise.
 */
export function looksLikeSecret(name: string, value: string): boolean {
  return CREDENTIAL_NAME.test(name) || KEY_NAME.test(name) || CREDENTIAL_PREFIX.test(value.trim()) || looksGenerated(value.trim());
}
