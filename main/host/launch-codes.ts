import { generateToken, tokenMatches } from './token.js';

/** How long a printed launch link stays usable if nobody opens it. */
export const LAUNCH_CODE_TTL_MS = 10 * 60 * 1000;

/**
 * One-time codes for the printed URL. Opening it once exchanges the code for the session cookie;
 * the same URL later (browser history) opens nothing. The browser gets it through a private file,
 * never a command line (launch-file.ts).
 */
export class LaunchCodes {
  private readonly codes = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    const code = generateToken();
    this.codes.set(code, this.now() + LAUNCH_CODE_TTL_MS);
    return code;
  }

  /** True once per issued code, within its lifetime. Compared in constant time. */
  redeem(candidate: string): boolean {
    let found: string | undefined;
    for (const code of this.codes.keys()) if (tokenMatches(code, candidate)) found = code;
    if (found === undefined) return false;
    const expires = this.codes.get(found)!;
    this.codes.delete(found);
    return this.now() <= expires;
  }
}
