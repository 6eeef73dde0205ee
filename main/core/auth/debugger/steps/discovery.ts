import { getRequest, type PreparedRequest } from '../debug-request.js';
import { parseJsonRecord, type JsonRecord } from '../flow-context.js';
import type { DiscoveryCandidate, SpecRules } from '../spec-rules.js';
import type { StepIo } from '../step.js';

export interface Discovered {
  found?: { candidate: DiscoveryCandidate; document: JsonRecord };
  /** What each place that had no document answered, in one phrase each. */
  misses: string[];
  /** Why the search stopped without a document at a place that answered something other than "not here". */
  failure?: string;
}

/** The first request of a discovery step: the first place the version looks. */
export function discoveryRequest(candidates: DiscoveryCandidate[], rules: SpecRules): PreparedRequest {
  // The SDK sends the protocol version with every metadata request, as 2025-03-26 first asked.
  return getRequest(candidates[0]!.url, { 'mcp-protocol-version': rules.version });
}

/**
 * Tries the places in order, as the SDK does: a 4xx (or 502) or a redirect means "not here" and
 * the next place is tried; a 2xx that is not a JSON object, or another error, ends the search.
 * A request the person edited to another URL is tried alone.
 */
export async function discover(io: StepIo, request: PreparedRequest, candidates: DiscoveryCandidate[]): Promise<Discovered> {
  const places = request.url === candidates[0]?.url ? candidates : [{ url: request.url, type: candidates[0]?.type ?? 'oauth', inVersion: true }];
  const misses: string[] = [];
  for (const candidate of places) {
    const sent = await io.send({ ...request, url: candidate.url });
    const response = sent.response;
    if (!response) return { misses, failure: `${candidate.url} did not answer: ${sent.error ?? 'no answer'}` };
    if (response.status >= 200 && response.status < 300) {
      const document = parseJsonRecord(response.text);
      if (!document) return { misses, failure: `${candidate.url} answered ${response.status} with something that is not a JSON object${response.truncated ? ' (cut at the size limit)' : ''}.` };
      return { found: { candidate, document }, misses };
    }
    const redirected = response.status >= 300 && response.status < 400;
    if (redirected || (response.status >= 400 && response.status < 500) || response.status === 502) {
      misses.push(`${candidate.url} answered ${response.status}${redirected ? ` (a redirect to ${response.headers.get('location') ?? 'nowhere'}, which Loupe does not follow for metadata)` : ''}`);
      continue;
    }
    return { misses, failure: `${candidate.url} answered ${response.status} ${response.statusText}.` };
  }
  return { misses };
}
