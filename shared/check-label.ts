/** How a collection check reads, in a few words: the same in run reports, the CLI and the app's editor. */
import type { Check } from './collections.js';

const PREVIEW_CHARS = 120;

/** A value as JSON, cut to a line. */
export function preview(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value) ?? typeof value;
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/** What a check asks, in a few words (its `name` when it has one). */
export function checkLabel(check: Check): string {
  if (check.name) return check.name;
  if ('outcome' in check) return check.outcome === 'error' && check.code !== undefined ? `outcome is error ${check.code}` : `outcome is ${check.outcome}`;
  if ('latencyMs' in check) return `answers within ${check.latencyMs} ms`;
  if ('schema' in check) return 'result matches the schema';
  if ('snapshot' in check) return 'result matches its snapshot';
  const where = check.path === '' ? 'result' : check.path;
  if ('equals' in check) return `${where} equals ${preview(check.equals)}`;
  if ('contains' in check) return `${where} contains ${preview(check.contains)}`;
  if ('matches' in check) return `${where} matches /${check.matches}/${check.flags ?? ''}`;
  return check.exists ? `${where} exists` : `${where} does not exist`;
}
