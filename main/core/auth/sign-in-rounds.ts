import { UnauthorizedError } from '@modelcontextprotocol/client';
import type { ConnectionFailure } from '../../../shared/connection.js';
import type { AuthSession } from './auth-session.js';

/** Sign-in rounds one connect may go through (a redirect, then a step-up). */
const MAX_SIGN_IN_ROUNDS = 3;

/** What a connection lends its sign-in: its OAuth session and its HTTP transport's redeemer, as they are now. */
export interface SignInTarget {
  session(): AuthSession | undefined;
  /** Redeems an authorization redirect's code on the connection's transport; undefined unless it is HTTP. */
  finishAuth(): ((redirect: URLSearchParams) => Promise<void>) | undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A connection's sign-in rounds. When the server asks for a sign-in, the SDK's `auth()` sends the
 * person to the authorization page; once the redirect comes back its code is redeemed, and the
 * connect (or the call that set off a step-up) goes again with the token.
 */
export class SignInRounds {
  constructor(private readonly target: SignInTarget) {}

  /** Opens the connection with `open`, signing in between attempts as the server asks. */
  async open(open: () => Promise<void>, closeQuietly: () => Promise<void>): Promise<void> {
    for (let round = 1; ; round++) {
      try {
        await open();
        return;
      } catch (error) {
        if (round >= MAX_SIGN_IN_ROUNDS || !(await this.complete(error))) throw error;
        await closeQuietly();
      }
    }
  }

  /** Runs a request; a step-up sign-in it set off (403 insufficient_scope) is completed and the request sent again. */
  async around<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (!(await this.complete(error))) throw error;
      return send();
    }
  }

  /** The connect failed: says so in the sign-in's words when the sign-in is why. */
  describeFailure(error: unknown): ConnectionFailure | undefined {
    const session = this.target.session();
    if (!session) return undefined;
    const sentence = session.failureSentence;
    if (sentence && session.status().state === 'failed') return { code: 'auth-failed', message: sentence, detail: errorMessage(error) };
    if (error instanceof UnauthorizedError) {
      return { code: 'auth-required', message: 'The server needs you to sign in (OAuth): use Sign in.', detail: errorMessage(error) };
    }
    return undefined;
  }

  /** After an UnauthorizedError with a sign-in under way: waits for its redirect and gets the tokens. */
  private async complete(error: unknown): Promise<boolean> {
    const session = this.target.session();
    const finishAuth = this.target.finishAuth();
    if (!session || !finishAuth || !(error instanceof UnauthorizedError) || !session.waiting) return false;
    const redirect = await session.awaitRedirect();
    if (!redirect) return false;
    session.noteRedirect(redirect);
    await finishAuth(redirect);
    return true;
  }
}
