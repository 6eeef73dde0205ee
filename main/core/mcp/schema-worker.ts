/**
 * The worker thread that runs Ajv. Schemas come from servers: a catastrophic `pattern` or a huge
 * schema must cost this thread, which the core can terminate, never the core's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { SchemaValidator } from './schema-validator.js';

const validator = new SchemaValidator();
// Loaded and ready: the host starts a check's clock only now, so a slow start is not a slow check.
parentPort?.postMessage({ ready: true });

parentPort?.on('message', (job: { id: number; schema: Record<string, unknown>; value: unknown }) => {
  try {
    parentPort?.postMessage({ id: job.id, result: validator.validate(job.schema, job.value) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, result: { valid: false, errors: [], schemaError: `The value could not be checked: ${error instanceof Error ? error.message : String(error)}` } });
  }
});
