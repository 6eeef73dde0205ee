import type { ToolInfo } from '../../../../../shared/mcp';

type Visibility = 'model' | 'app';

function uiMeta(tool: Pick<ToolInfo, '_meta'>): Record<string, unknown> | undefined {
  const ui = tool._meta?.ui;
  return typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>) : undefined;
}

/** The tool's `_meta.ui.visibility` (both by default), as declared. */
export function toolVisibility(tool: Pick<ToolInfo, '_meta'>): Visibility[] {
  const declared = uiMeta(tool)?.visibility;
  if (!Array.isArray(declared)) return ['model', 'app'];
  return declared.filter((value): value is Visibility => value === 'model' || value === 'app');
}

/** Whether an app may call this tool through the host (SEP-1865: only tools visible to the app). */
export function appMayCall(tool: Pick<ToolInfo, '_meta'>): boolean {
  return toolVisibility(tool).includes('app');
}

/** Why an app's `tools/call` is refused, in one sentence; null when it may go to the server. */
export function refusalOf(name: string, tool: Pick<ToolInfo, '_meta'> | undefined): string | null {
  if (!tool) return `The app called “${name.slice(0, 100)}”, a tool its server does not list.`;
  if (!appMayCall(tool)) return `The app called “${name.slice(0, 100)}”, a tool visible to the model only (_meta.ui.visibility), which apps may not call.`;
  return null;
}
