import type { AppResourceMeta } from '../../../../../shared/apps';
import type { ToolInfo } from '../../../../../shared/mcp';
import { toolVisibility } from './app-tool-rules';

/** The tool's app resource (`_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]`), when it is a ui:// address. */
export function toolAppUri(tool: Pick<ToolInfo, '_meta'>): string | undefined {
  const meta = tool._meta;
  const ui = meta?.ui;
  const nested = typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>).resourceUri : undefined;
  const uri = nested ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

export interface AppBadge {
  id: 'app' | 'app-only' | 'model-only';
  label: string;
  explanation: string;
}

/** Badges for a tool's MCP App and visibility: shown in the tool list and the tool's header. */
export function appBadges(tool: Pick<ToolInfo, '_meta'>): AppBadge[] {
  const badges: AppBadge[] = [];
  const uri = toolAppUri(tool);
  if (uri) badges.push({ id: 'app', label: 'app', explanation: `Has an MCP App (${uri}), shown beside its result` });
  const visibility = toolVisibility(tool);
  if (visibility.length === 1 && visibility[0] === 'app') {
    badges.push({ id: 'app-only', label: 'app only', explanation: 'Hidden from the model: only its app may call it (_meta.ui.visibility)' });
  } else if (!visibility.includes('app')) {
    badges.push({ id: 'model-only', label: 'model only', explanation: 'Apps may not call it (_meta.ui.visibility)' });
  }
  return badges;
}

/** The resource's declared metadata in words, one fact per line. */
export function describeAppMeta(meta: AppResourceMeta): Array<{ label: string; value: string }> {
  const list = (domains: readonly string[]) => (domains.length > 0 ? domains.join(', ') : 'none');
  return [
    { label: 'Connect domains', value: list(meta.csp.connectDomains) },
    { label: 'Resource domains', value: list(meta.csp.resourceDomains) },
    { label: 'Frame domains', value: list(meta.csp.frameDomains) },
    { label: 'Base URI domains', value: list(meta.csp.baseUriDomains) },
    { label: 'Permissions', value: meta.permissions.length > 0 ? meta.permissions.join(', ') : 'none' },
    { label: 'Prefers border', value: meta.prefersBorder === undefined ? 'not stated' : meta.prefersBorder ? 'yes' : 'no' },
    ...(meta.domain ? [{ label: 'Asked-for domain', value: `${meta.domain} (Loupe uses an origin of its own per app)` }] : []),
  ];
}
