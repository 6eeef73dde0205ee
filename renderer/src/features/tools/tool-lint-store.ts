import { create } from 'zustand';
import type { LintSeverity, ToolLintFinding, ToolLintReport } from '../../../../shared/tool-lint';
import { getApi } from '../../bridge/api';

/** One server's lint: the report of its current tool list, or why there is none. */
export interface LintState {
  /** Which list the report is of (its connection and revision): a new one is linted again. */
  listKey: string;
  status: 'checking' | 'done' | 'failed';
  report?: ToolLintReport;
  error?: string;
}

interface ToolLintStore {
  byServer: Record<string, LintState>;
  /** Lints the server's tools unless its list `listKey` is linted already (or `again`). */
  lint: (serverId: string, listKey: string, again?: boolean) => Promise<void>;
}

export const useToolLintStore = create<ToolLintStore>()((set, get) => ({
  byServer: {},
  lint: async (serverId, listKey, again = false) => {
    const current = get().byServer[serverId];
    if (!again && current?.listKey === listKey) return;
    const put = (state: LintState) => set((store) => ({ byServer: { ...store.byServer, [serverId]: state } }));
    put({ listKey, status: 'checking', ...(current?.report ? { report: current.report } : {}) });
    try {
      const report = await getApi().invoke('tools.lint', { serverId });
      if (get().byServer[serverId]?.listKey === listKey) put({ listKey, status: 'done', report });
    } catch (error) {
      if (get().byServer[serverId]?.listKey === listKey) put({ listKey, status: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  },
}));

/** Which tool list a lint report is of: its connection and revision, once it is loaded. */
export function lintListKey(tools: { status: string; connectionId?: string; revision?: number } | undefined): string | undefined {
  return tools?.status === 'loaded' ? `${tools.connectionId}:${tools.revision}` : undefined;
}

/** Each tool's findings, most severe first. */
export function findingsByTool(report: ToolLintReport | undefined): ReadonlyMap<string, readonly ToolLintFinding[]> {
  const byTool = new Map<string, ToolLintFinding[]>();
  for (const finding of report?.findings ?? []) {
    const findings = byTool.get(finding.tool);
    if (findings) findings.push(finding);
    else byTool.set(finding.tool, [finding]);
  }
  for (const findings of byTool.values()) findings.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
  return byTool;
}

const SEVERITY_RANK: Record<LintSeverity, number> = { info: 0, warning: 1, error: 2 };

/** The most severe level among findings, or undefined when there are none. */
export function worstSeverity(findings: readonly ToolLintFinding[]): LintSeverity | undefined {
  let worst: LintSeverity | undefined;
  for (const finding of findings) if (!worst || SEVERITY_RANK[finding.severity] > SEVERITY_RANK[worst]) worst = finding.severity;
  return worst;
}

/** "2 errors, 5 warnings" (info left out of the count when there are errors or warnings). */
export function lintCountText(counts: Record<LintSeverity, number>): string {
  const parts = [
    counts.error > 0 ? `${counts.error} lint ${counts.error === 1 ? 'error' : 'errors'}` : undefined,
    counts.warning > 0 ? `${counts.warning} lint ${counts.warning === 1 ? 'warning' : 'warnings'}` : undefined,
  ].filter((part): part is string => part !== undefined);
  if (parts.length > 0) return parts.join(', ');
  return counts.info > 0 ? `${counts.info} lint ${counts.info === 1 ? 'note' : 'notes'}` : 'Lint: no findings';
}
