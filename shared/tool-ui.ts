/**
 * What a tool's `_meta.ui` (MCP Apps, SEP-1865) says about it: its app resource and who may see
 * it. The core's chat uses it (a result with an app is rendered inline; app-only tools are hidden
 * from the model); renderer/src/features/apps has the same two readers and should use these.
 */
import type { ToolInfo } from './mcp.js';

export type ToolVisibility = 'model' | 'app';

function uiMeta(tool: Pick<ToolInfo, '_meta'>): Record<string, unknown> | undefined {
  const ui = tool._meta?.ui;
  return typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>) : undefined;
}

/** The tool's app resource (`_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]`), when it is a ui:// address. */
export function toolAppResourceUri(tool: Pick<ToolInfo, '_meta'>): string | undefined {
  const uri = uiMeta(tool)?.resourceUri ?? tool._meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** The tool's `_meta.ui.visibility` (both by default), as declared. */
export function declaredToolVisibility(tool: Pick<ToolInfo, '_meta'>): ToolVisibility[] {
  const declared = uiMeta(tool)?.visibility;
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((value): value is ToolVisibility => value === 'model' || value === 'app');
}
