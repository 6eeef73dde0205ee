import { useCallback, useEffect, useState } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { useApi } from '../../bridge/api-context';
import { checkArguments } from './empty-required';
import type { SchemaCheck, ValidateInCore } from './schema-check';

/** `schemas.validate` through the bridge. */
export function useValidateInCore(): ValidateInCore {
  const api = useApi();
  return useCallback((schema, value) => api.invoke('schemas.validate', { schema, value }), [api]);
}

export interface TimedCheck {
  check: SchemaCheck;
  /** `performance.now()` when it was asked: lets a caller tell which of two verdicts is newer. */
  askedAt: number;
}

/**
 * The core's verdict on `value`, asked `delayMs` after the value last changed; answers to values
 * that have changed since are dropped. Until the first answer: null.
 */
export function useSchemaCheck(schema: JsonObject, value: unknown, enabled: boolean, delayMs = 150): TimedCheck | null {
  const validate = useValidateInCore();
  const [answer, setAnswer] = useState<TimedCheck | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const timer = setTimeout(() => {
      const askedAt = performance.now();
      void checkArguments(validate, schema, value).then((check) => {
        if (current) setAnswer({ check, askedAt });
      });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, schema, value, validate, delayMs]);
  return enabled ? answer : null;
}
