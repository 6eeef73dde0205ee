/**
 * The worker thread that runs Ajv, and the collections' value checks (JSONPath, regexes). Schemas
 * come from servers and checks from users, and both run on what a server sent: a catastrophic
 * `pattern` or a huge schema must cost this thread, which the core can terminate, never the core's
 * event loop.
 */
import { parentPort } from 'node:worker_threads';
import { evaluateValueChecks } from './value-checks.js';
import { SchemaValidator } from './schema-validator.js';
import type { FromSchemaWorker, ToSchemaWorker } from './schema-worker-protocol.js';

/** A schema like a tool's arguments (an object, a string with a format), compiled once at start. */
const WARM_UP_SCHEMA = { type: 'object', properties: { warm: { type: 'string', format: 'uri' } }, required: ['warm'] };

const validator = new SchemaValidator();
const post = (message: FromSchemaWorker) => parentPort?.postMessage(message);
// Ajv's first compile costs several times a later one (its code generator warms up): paid here, while
// the thread loads, not by the first check, which is often a Run click's.
validator.validate(WARM_UP_SCHEMA, { warm: 'https://example.com' });
// Loaded and ready: the host starts a check's clock only now, so a slow start is not a slow check.
post({ ready: true });

parentPort?.on('message', (job: ToSchemaWorker) => {
  if ('valueChecks' in job) {
    post({ id: job.id, result: evaluateValueChecks(job.valueChecks, validator, (index) => post({ id: job.id, progress: index })) });
    return;
  }
  try {
    post({ id: job.id, result: validator.validate(job.schema, job.value) });
  } catch (error) {
    post({ id: job.id, result: { valid: false, errors: [], schemaError: `The value could not be checked: ${error instanceof Error ? error.message : String(error)}` } });
  }
});
