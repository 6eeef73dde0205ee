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

/**
 * `checkArguments`, remembered per schema and value (by identity: a draft's value is a new object
 * after each edit), so a check started while the user was still looking at the form answers the
 * Run click at once, without even a wait for a promise (`known`).
 */
export function useRememberedArgumentsCheck(): RememberedArgumentsCheck {
  const validate = useValidateInCore();
  const [verdicts] = useState(() => new WeakMap<JsonObject, WeakMap<object, Promise<SchemaCheck>>>());
  const [settled] = useState(() => new WeakMap<JsonObject, WeakMap<object, SchemaCheck>>());
  return useMemo(() => {
    const check: ArgumentsCheck = (schema, value) => {
      if (typeof value !== 'object' || value === null) return checkArguments(validate, schema, value);
      let bySchema = verdicts.get(schema);
      if (!bySchema) verdicts.set(schema, (bySchema = new WeakMap()));
      const remembered = bySchema.get(value);
      if (remembered) return remembered;
      const verdict = checkArguments(validate, schema, value);
      bySchema.set(value, verdict);
      void verdict.then((answer) => {
        // A core that did not answer may answer the next time: that verdict is not kept.
        if (answer.kind === 'unchecked') bySchema.delete(value);
        else {
          let settledBySchema = settled.get(schema);
          if (!settledBySchema) settled.set(schema, (settledBySchema = new WeakMap()));
          settledBySchema.set(value, answer);
        }
      });
      return verdict;
    };
    const known = (schema: JsonObject, value: unknown) => (typeof value === 'object' && value !== null ? settled.get(schema)?.get(value) : undefined);
    return Object.assign(check, { known });
  }, [validate, verdicts, settled]);
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
