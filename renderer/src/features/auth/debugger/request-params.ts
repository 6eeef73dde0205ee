import type { DebugRequestView } from '../../../../../shared/oauth-debugger';
import { isObject } from '../../../../../shared/is-object';

/** A parameter's value as the step will send it (query, form field or top-level JSON field), or '' when absent. */
export function paramValue(request: DebugRequestView, name: string): string {
  if (request.paramsIn === 'query') {
    try {
      return new URL(request.url).searchParams.get(name) ?? '';
    } catch {
      return '';
    }
  }
  if (request.paramsIn === 'form') return new URLSearchParams(request.body ?? '').get(name) ?? '';
  try {
    const body: unknown = JSON.parse(request.body ?? '{}');
    const value = isObject(body) ? body[name] : undefined;
    return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return '';
  }
}

/** The parameters whose text changed: an emptied one is removed (null), as `oauthDebug.edit` takes it. */
export function changedParams(request: DebugRequestView, values: Record<string, string>): Record<string, string | null> {
  const changed: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === paramValue(request, name)) continue;
    changed[name] = value === '' ? null : value;
  }
  return changed;
}
