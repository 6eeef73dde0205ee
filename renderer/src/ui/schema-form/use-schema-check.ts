import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * `checkArguments`, remembered per schema and value (by identity: a draft's value is a new object
 * after each edit), so a check started while the user was still looking at the form answers the
 * Run click at once.
 */
export function useRememberedArgumentsCheck(): ArgumentsCheck {
  const validate = useValidateInCore();
  const [verdicts] = useState(() => new WeakMap<JsonObject, WeakMap<object, Promise<SchemaCheck>>>());
  return useCallback(
    (schema, value) => {
      if (typeof value !== 'object' || value === null) return checkArguments(validate, schema, value);
      let bySchema = verdicts.get(schema);
      if (!bySchema) verdicts.set(schema, (bySchema = new WeakMap()));
      const remembered = bySchema.get(value);
      if (remembered) return remembered;
      const verdict = checkArguments(validate, schema, value);
      bySchema.set(value, verdict);
      // A core that did not answer may answer the next time: that verdict is not kept.
      void verdict.then((check) => {
        if (check.kind === 'unchecked') bySchema.delete(value);
      });
      return verdict;
    },
    [validate, verdicts],
  );
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
