/** One challenge of a WWW-Authenticate header (RFC 9110 §11.6.1): its scheme and parameters. */
export interface AuthChallenge {
  /** As sent; compare in lower case. */
  scheme: string;
  /** Parameter names in lower case (they are case-insensitive), values unquoted. */
  params: Record<string, string>;
  token68?: string;
}

/** Longer headers are read only this far: a challenge is a few hundred characters. */
export const MAX_CHALLENGE_HEADER_CHARS = 8192;
const MAX_CHALLENGES = 16;
const MAX_PARAMS = 32;

const TOKEN_CHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;
const TOKEN68_CHAR = /[A-Za-z0-9\-._~+/]/;

/**
 * Every challenge of a WWW-Authenticate header, in order (a server may offer `Bearer` and `DPoP`
 * together). One linear pass; text that breaks the grammar ends the parse with what was read.
 */
export function parseWwwAuthenticate(header: string): AuthChallenge[] {
  const text = header.slice(0, MAX_CHALLENGE_HEADER_CHARS);
  const challenges: AuthChallenge[] = [];
  let i = 0;
  const skip = (chars: string) => {
    while (i < text.length && chars.includes(text[i]!)) i++;
  };
  const token = (): string => {
    const start = i;
    while (i < text.length && TOKEN_CHAR.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  const quoted = (): string => {
    i++; // the opening quote
    let value = '';
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < text.length) i++;
      value += text[i];
      i++;
    }
    i++; // the closing quote
    return value;
  };
  /** Whether the text at i is `name =` (a parameter) rather than a new scheme. */
  const paramAhead = (): boolean => {
    let j = i;
    while (j < text.length && TOKEN_CHAR.test(text[j]!)) j++;
    if (j === i) return false;
    while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
    return text[j] === '=' && text[j + 1] !== '=';
  };

  while (i < text.length && challenges.length < MAX_CHALLENGES) {
    skip(' \t,');
    const scheme = token();
    if (!scheme) break;
    const challenge: AuthChallenge = { scheme, params: {} };
    challenges.push(challenge);
    skip(' \t');
    // token68: the whole rest of this challenge is one opaque value.
    if (!paramAhead()) {
      const start = i;
      while (i < text.length && TOKEN68_CHAR.test(text[i]!)) i++;
      while (text[i] === '=') i++;
      if (i > start && (i >= text.length || /[\s,]/.test(text[i]!))) challenge.token68 = text.slice(start, i);
      else i = start;
    }
    while (i < text.length && Object.keys(challenge.params).length < MAX_PARAMS) {
      skip(' \t');
      if (!paramAhead()) break;
      const name = token().toLowerCase();
      skip(' \t');
      i++; // '='
      skip(' \t');
      challenge.params[name] = text[i] === '"' ? quoted() : token();
      skip(' \t');
      if (text[i] !== ',') break;
      i++;
      skip(' \t,');
      if (!paramAhead()) break; // a new challenge starts here
    }
    if (i < text.length && text[i] !== ',' && !TOKEN_CHAR.test(text[i]!)) break;
  }
  return challenges;
}

/** The first challenge of one of these schemes (lower case), if any. */
export function challengeOf(challenges: readonly AuthChallenge[], ...schemes: string[]): AuthChallenge | undefined {
  return challenges.find((challenge) => schemes.includes(challenge.scheme.toLowerCase()));
}
