import { useEffect, useState } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { useValidateInCore } from '../../ui/schema-form/use-schema-check';
import { checkStructuredContent, structuredCheckWithoutCore, type StructuredCheck } from './result-checks';

interface Answer {
  result: unknown;
  outputSchema: JsonObject | undefined;
  check: StructuredCheck;
}

/** The result's structuredContent checked against the output schema: once per result, by the core. */
export function useStructuredCheck(outputSchema: JsonObject | undefined, result: unknown): StructuredCheck | null {
  const validate = useValidateInCore();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const known = result === undefined ? null : structuredCheckWithoutCore(outputSchema, result);
  const needsCore = result !== undefined && known === null;

  useEffect(() => {
    if (!needsCore) return;
    let current = true;
    void checkStructuredContent(validate, outputSchema, result).then((check) => {
      if (current) setAnswer({ result, outputSchema, check });
    });
    return () => {
      current = false;
    };
  }, [needsCore, validate, outputSchema, result]);

  if (result === undefined) return null;
  if (known) return known;
  return answer?.result === result && answer.outputSchema === outputSchema ? answer.check : { status: 'checking' };
}
