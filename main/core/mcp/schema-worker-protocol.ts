/** Messages between the core and its schema worker (schema-worker.ts). */
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import type { ValueCheckJob, ValueCheckOutcome } from './value-checks.js';

/** A schema check, or a collection's value checks on one result (each item started is reported as `progress`). */
export type SchemaWorkerJob = { schema: JsonObject; value: unknown } | { valueChecks: ValueCheckJob };

export type ToSchemaWorker = { id: number } & SchemaWorkerJob;

export type FromSchemaWorker =
  | { ready: true }
  | { id: number; progress: number }
  | { id: number; result: SchemaValidation | ValueCheckOutcome[] };
