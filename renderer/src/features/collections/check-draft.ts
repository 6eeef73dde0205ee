/** The "Add a check" form's fields, and the check they make (or the sentence why they make none). */
import type { Check, OutcomeExpectation } from '../../../../shared/collections';
import type { JsonObject } from '../../../../shared/mcp';

export type CheckKind = 'outcome' | 'value' | 'schema' | 'latency' | 'snapshot';
export type ValueTest = 'equals' | 'contains' | 'matches' | 'exists' | 'absent';

export interface CheckDraft {
  kind: CheckKind;
  name: string;
  outcome: OutcomeExpectation;
  /** A JSON-RPC error code, for `outcome: error`; blank for any. */
  code: string;
  /** A JSON Pointer (`/content/0/text`) or a JSONPath (`$.content[0].text`). */
  path: string;
  test: ValueTest;
  /** JSON for equals/contains (plain text counts as a string); a regex for matches. */
  value: string;
  flags: string;
  schema: string;
  latencyMs: string;
  /** Paths the snapshot comparison skips, one per line. */
  ignore: string;
}

export const EMPTY_CHECK_DRAFT: CheckDraft = {
  kind: 'outcome',
  name: '',
  outcome: 'success',
  code: '',
  path: '/content/0/text',
  test: 'contains',
  value: '',
  flags: '',
  schema: '{\n  "type": "object"\n}',
  latencyMs: '1000',
  ignore: '',
};

/** A typed value: JSON when it parses, else the text as a string (what a person typing `hello` means). */
function typedValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function named<T extends object>(check: T, name: string): T & { name?: string } {
  const trimmed = name.trim();
  return trimmed ? { name: trimmed, ...check } : check;
}

/** The check the fields describe, or one sentence saying what is missing. The core checks the rest on save. */
export function checkFromDraft(draft: CheckDraft): { check: Check } | { problem: string } {
  switch (draft.kind) {
    case 'outcome': {
      if (draft.outcome !== 'error' || draft.code.trim() === '') return { check: named({ outcome: draft.outcome }, draft.name) };
      const code = Number(draft.code);
      if (!Number.isInteger(code)) return { problem: 'The error code must be a whole number, e.g. -32602.' };
      return { check: named({ outcome: 'error' as const, code }, draft.name) };
    }
    case 'value': {
      const path = draft.path.trim();
      if (path !== '' && !path.startsWith('/') && !path.startsWith('$')) return { problem: 'The path must be a JSON Pointer (/content/0/text), a JSONPath ($.content[0].text), or blank for the whole result.' };
      if (draft.test === 'exists' || draft.test === 'absent') return { check: named({ path, exists: draft.test === 'exists' }, draft.name) };
      if (draft.test === 'matches') {
        if (draft.value === '') return { problem: 'Type the regular expression the value must match.' };
        // Only compiled here, on the person's own text; it runs on server data in the core's worker.
        try {
          new RegExp(draft.value, draft.flags);
        } catch (error) {
          return { problem: `The regular expression does not compile: ${(error as Error).message}` };
        }
        return { check: named({ path, matches: draft.value, ...(draft.flags ? { flags: draft.flags } : {}) }, draft.name) };
      }
      if (draft.value === '') return { problem: `Type the value it ${draft.test === 'equals' ? 'must equal' : 'must contain'}.` };
      const value = typedValue(draft.value);
      return { check: named(draft.test === 'equals' ? { path, equals: value } : { path, contains: value }, draft.name) };
    }
    case 'schema': {
      let schema: unknown;
      try {
        schema = JSON.parse(draft.schema);
      } catch (error) {
        return { problem: `The schema is not JSON: ${(error as Error).message}` };
      }
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { problem: 'The schema must be a JSON object, e.g. {"type": "object"}.' };
      return { check: named({ schema: schema as JsonObject }, draft.name) };
    }
    case 'latency': {
      const latencyMs = Number(draft.latencyMs);
      if (!Number.isInteger(latencyMs) || latencyMs <= 0) return { problem: 'The time limit must be a whole number of milliseconds above 0.' };
      return { check: named({ latencyMs }, draft.name) };
    }
    case 'snapshot': {
      const ignore = draft.ignore
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      return { check: named({ snapshot: ignore.length ? { ignore } : {} }, draft.name) };
    }
  }
}
