import { LoupeError } from '../../../shared/wire.js';

/** Checks for request params: the renderer is trusted less than the core, and a bad call gets a clear error. */
export function paramsObject(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new LoupeError('The request needs an object of parameters.', 'invalid-params');
  }
  return params as Record<string, unknown>;
}

export function stringParam(params: unknown, key: string): string {
  const value = paramsObject(params)[key];
  if (typeof value !== 'string' || value === '') throw new LoupeError(`The parameter "${key}" must be a non-empty string.`, 'invalid-params');
  return value;
}

export function optionalNumberParam(params: unknown, key: string): number | undefined {
  if (params === undefined || params === null) return undefined;
  const value = paramsObject(params)[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new LoupeError(`The parameter "${key}" must be a number.`, 'invalid-params');
  return value;
}

export function objectParam(params: unknown, key: string): Record<string, unknown> {
  const value = paramsObject(params)[key] ?? {};
  return paramsObject(value);
}

/** A list load's `force` flag: true skips a still-fresh cached list. */
export function forceParam(params: unknown): boolean {
  const value = paramsObject(params).force;
  if (value !== undefined && typeof value !== 'boolean') throw new LoupeError('The parameter "force" must be true or false.', 'invalid-params');
  return value === true;
}
