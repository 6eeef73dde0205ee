import type { WireError } from '../../../shared/wire';

/** A request the core refused or failed: `message` is meant for the user as is. */
export class BridgeError extends Error {
  readonly code?: string;

  constructor(error: WireError) {
    super(error.message);
    this.name = 'BridgeError';
    if (error.code) this.code = error.code;
  }
}

/** The text to show a person for anything a bridge call rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return `Unexpected failure: ${String(error)}`;
}
