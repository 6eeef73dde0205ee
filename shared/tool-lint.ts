/**
 * Tool quality lint: what in a server's tool definitions breaks a model provider's documented
 * rules (names, schema keywords, nesting), or leaves a model guessing (undocumented parameters, a
 * structured result with no output schema). The request is `tools.lint` in contract.ts; the rules
 * and their sources are in main/core/lint/provider-rules.ts.
 */

export type LintSeverity = 'error' | 'warning' | 'info';
export const LINT_SEVERITIES: readonly LintSeverity[] = ['info', 'warning', 'error'];

/** The model providers whose tool-calling rules the lint knows. */
export type LintProvider = 'openai' | 'anthropic' | 'gemini';
export const LINT_PROVIDER_NAMES: Record<LintProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Google Gemini' };

export type ToolLintRule =
  | 'tool-name'
  | 'schema-root'
  | 'missing-type'
  | 'unsupported-keyword'
  | 'ref-cycle'
  | 'unresolved-ref'
  | 'nesting-depth'
  | 'too-many-properties'
  | 'missing-description'
  | 'undocumented-parameter'
  | 'missing-output-schema'
  | 'not-checked';

export interface ToolLintFinding {
  tool: string;
  rule: ToolLintRule;
  severity: LintSeverity;
  /** The providers whose documented rule this breaks; empty for MCP's own rules and good practice. */
  providers: LintProvider[];
  /** A JSON Pointer into the tool definition, e.g. `/inputSchema/properties/city`. */
  path: string;
  /** What is wrong, in one sentence. */
  message: string;
  /** What to change, in one sentence. */
  fix: string;
}

export interface ToolLintReport {
  serverId: string;
  /** How many tools were checked. */
  tools: number;
  findings: ToolLintFinding[];
  counts: Record<LintSeverity, number>;
  /** Tools whose `structuredContent` was seen in this session's calls (the output-schema rule uses them). */
  observedStructuredTools: string[];
}

/** Whether a finding is at least as severe as `level` (for `--fail-on`). */
export function atLeast(severity: LintSeverity, level: LintSeverity): boolean {
  return LINT_SEVERITIES.indexOf(severity) >= LINT_SEVERITIES.indexOf(level);
}
