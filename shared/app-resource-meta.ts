import type { AppCspDomains, AppResourceMeta } from './apps.js';
import { isObject } from './is-object.js';

const MAX_DOMAINS = 32;
const MAX_DOMAIN_LENGTH = 200;
/**
 * A declared domain becomes part of a policy header, so only a plain origin passes: a scheme, a
 * host (its first label may be `*`), an optional port. Nothing that could end a directive.
 */
const ORIGIN_PATTERN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const CSP_FIELDS: (keyof AppCspDomains)[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const PERMISSIONS = new Set(['camera', 'microphone', 'geolocation', 'clipboardWrite']);

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Reads `_meta.ui` of a `ui://` resource's content: the declared CSP domains (invalid ones are
 * dropped, each with a sentence in `problems`), permissions and `prefersBorder`.
 */
export function readAppResourceMeta(meta: unknown, problems: string[]): AppResourceMeta {
  const ui = isObject(meta) && isObject(meta.ui) ? meta.ui : {};
  const declared = isObject(ui.csp) ? ui.csp : {};
  const csp: AppCspDomains = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  for (const field of CSP_FIELDS) {
    const value = declared[field];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      problems.push(`_meta.ui.csp.${field} is not a list, so it was ignored.`);
      continue;
    }
    for (const domain of value.slice(0, MAX_DOMAINS)) {
      if (typeof domain === 'string' && domain.length <= MAX_DOMAIN_LENGTH && ORIGIN_PATTERN.test(domain)) csp[field].push(domain);
      else problems.push(`_meta.ui.csp.${field} has ${clip(JSON.stringify(domain) ?? String(domain))}, which is not an origin, so it was ignored.`);
    }
    if (value.length > MAX_DOMAINS) problems.push(`_meta.ui.csp.${field} lists ${value.length} domains; Loupe kept the first ${MAX_DOMAINS}.`);
  }
  const permissions = isObject(ui.permissions) ? Object.keys(ui.permissions).filter((name) => PERMISSIONS.has(name)) : [];
  if (isObject(ui.permissions)) {
    for (const name of Object.keys(ui.permissions).filter((key) => !PERMISSIONS.has(key)).slice(0, 8)) {
      problems.push(`_meta.ui.permissions asks for “${clip(name)}”, which MCP Apps does not define.`);
    }
  }
  return {
    csp,
    permissions,
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
    ...(typeof ui.domain === 'string' ? { domain: clip(ui.domain) } : {}),
  };
}
