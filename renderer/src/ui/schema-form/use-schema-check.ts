import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { checkArguments } from './empty-required';
import type { SchemaCheck, ValidateInCore } from './schema-check';

/** `schemas.validate` through the bridge. */
export function useValidateInCore(): ValidateInCore {
  const api = getApi();
  return useCallback((schema, value) => api.invoke('schemas.validate', { schema, value }), [api]);
}

export type ArgumentsCheck = (schema: JsonObject, value: unknown) => Promise<SchemaCheck>;

/** An `ArgumentsCheck` that also tells, at once, a verdict it already has. */
export interface RememberedArgumentsCheck extends ArgumentsCheck {
  /** The verdict on this schema and value if it has come, else undefined. */
  known: (schema: JsonObject, value: unknown) => SchemaCheck | undefined;
}

/** Verdicts kept per schema (the oldest go first); values longer than this as JSON are checked each time. */
export const MAX_REMEMBERED_PER_SCHEMA = 32;
export const MAX_REMEMBERED_VALUE_CHARS = 100_000;

interface Remembered {
  verdict: Promise<SchemaCheck>;
  /** Set once the verdict has come (and was not "unchecked"). */
  settled?: SchemaCheck;
}

function rememberedKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return undefined;
  }
  return text !== undefined && text.length <= MAX_REMEMBERED_VALUE_CHARS ? text : undefined;
}

/**
 * `checkArguments`, remembered per schema and value. A value is known by its JSON text: the
 * editor's linter and the Run button parse the same text into different objects, and ask the core
 * once between them. A check started while the person was still typing answers the Run click at
 * once, without even a wait for a promise (`known`).
 */
export function createRememberedArgumentsCheck(validate: ValidateInCore): RememberedArgumentsCheck {
  const remembered = new WeakMap<JsonObject, Map<string, Remembered>>();
  const check: ArgumentsCheck = (schema, value) => {
    const key = rememberedKey(value);
    if (key === undefined) return checkArguments(validate, schema, value);
    let bySchema = remembered.get(schema);
    if (!bySchema) remembered.set(schema, (bySchema = new Map<string, Remembered>()));
    const existing = bySchema.get(key);
    if (existing) return existing.verdict;
    const entry: Remembered = { verdict: checkArguments(validate, schema, value) };
    bySchema.set(key, entry);
    if (bySchema.size > MAX_REMEMBERED_PER_SCHEMA) bySchema.delete(bySchema.keys().next().value!);
    const kept = bySchema;
    void entry.verdict.then((answer) => {
      // A core that did not answer may answer the next time: that verdict is not kept.
      if (answer.kind === 'unchecked') {
        if (kept.get(key) === entry) kept.delete(key);
      } else entry.settled = answer;
    });
    return entry.verdict;
  };
  const known = (schema: JsonObject, value: unknown) => {
    const key = rememberedKey(value);
    return key === undefined ? undefined : remembered.get(schema)?.get(key)?.settled;
  };
  return Object.assign(check, { known });
}

/** `createRememberedArgumentsCheck` for a component, through the bridge. */
export function useRememberedArgumentsCheck(): RememberedArgumentsCheck {
  const validate = useValidateInCore();
  return useMemo(() => createRememberedArgumentsCheck(validate), [validate]);
}

export interface TimedCheck {
  check: SchemaCheck;
  /** `performance.now()` when it was asked: lets a caller tell which of two verdicts is newer. */
  askedAt: number;
}

/**
 * The verdict of `check` (use `useRememberedArgumentsCheck`, so a Run click finds it) on `value`,
 * asked `delayMs` after the value last changed; answers to values that have changed since are
 * dropped. Until the first answer: null. The first check of a schema is asked at once: the core
 * compiles the schema then (~10 ms), which a quick Run click should not have to wait for.
 */
export function useSchemaCheck(check: ArgumentsCheck, schema: JsonObject, value: unknown, enabled: boolean, delayMs = 30): TimedCheck | null {
  const [answer, setAnswer] = useState<TimedCheck | null>(null);
  const checkedSchema = useRef<JsonObject | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const firstOfSchema = checkedSchema.current !== schema;
    checkedSchema.current = schema;
    const timer = setTimeout(() => {
      const askedAt = performance.now();
      void check(schema, value).then((verdict) => {
        if (current) setAnswer({ check: verdict, askedAt });
      });
    }, firstOfSchema ? 0 : delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, check, schema, value, delayMs]);
  return enabled ? answer : null;
}
