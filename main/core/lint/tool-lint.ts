import { isObject } from '../../../shared/is-object.js';
import type { ToolInfo } from '../../../shared/mcp.js';
import { LINT_PROVIDER_NAMES, type LintSeverity, type ToolLintFinding, type ToolLintReport } from '../../../shared/tool-lint.js';
import { NAME_RULES, portableName } from './provider-rules.js';
import { lintInputSchema } from './schema-lint.js';

/** A schema larger than this (as JSON) is not walked: reported as not checked. */
const MAX_SCHEMA_CHARS = 1024 * 1024;
/** Lint gives the event loop back this often, so a server with thousands of tools never stalls the core. */
const SLICE_MS = 8;

type Finding = Omit<ToolLintFinding, 'tool'>;

function nameFindings(name: string): Finding[] {
  const broken = NAME_RULES.filter((rule) => !rule.pattern.test(name));
  if (broken.length === 0) return [];
  const strict = broken.some((rule) => rule.provider !== 'gemini');
  return [
    {
      rule: 'tool-name',
      severity: strict ? 'error' : 'warning',
      providers: broken.map((rule) => rule.provider),
      path: '/name',
      message: `The name "${name}" breaks ${broken.map((rule) => `${LINT_PROVIDER_NAMES[rule.provider]}'s rule (${rule.wording})`).join('; ')}.`,
      fix: `Rename it, e.g. "${portableName(name)}".`,
    },
  ];
}

function descriptionFindings(tool: ToolInfo): Finding[] {
  if (typeof tool.description === 'string' && tool.description.trim() !== '') return [];
  return [
    {
      rule: 'missing-description',
      severity: 'warning',
      providers: [],
      path: '/description',
      message: 'The tool has no description, so a model cannot tell when to use it.',
      fix: 'Say what the tool does, when to use it and what it returns, in a sentence or two.',
    },
  ];
}

function schemaFindings(tool: ToolInfo): Finding[] {
  const schema = tool.inputSchema;
  if (!isObject(schema)) {
    return [
      {
        rule: 'schema-root',
        severity: 'error',
        providers: ['openai', 'anthropic', 'gemini'],
        path: '/inputSchema',
        message: 'The tool has no input schema object; MCP requires one.',
        fix: 'Give it { "type": "object", "properties": {} } at least.',
      },
    ];
  }
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) {
    return [
      {
        rule: 'not-checked',
        severity: 'error',
        providers: [],
        path: '/inputSchema',
        message: 'The input schema is larger than 1 MB, too large for Loupe to check and for a model\'s context.',
        fix: 'Split the tool, or describe the rarely used parts in prose.',
      },
    ];
  }
  return lintInputSchema(schema, '/inputSchema');
}

function outputSchemaFindings(tool: ToolInfo, observedStructured: ReadonlySet<string>): Finding[] {
  if (tool.outputSchema !== undefined || !observedStructured.has(tool.name)) return [];
  return [
    {
      rule: 'missing-output-schema',
      severity: 'warning',
      providers: [],
      path: '/outputSchema',
      message: 'The tool returned structuredContent in this session but declares no output schema, so clients cannot check it or tell a model its shape.',
      fix: 'Declare an outputSchema that describes the structuredContent it returns.',
    },
  ];
}

/** Every finding of one tool. */
export function lintTool(tool: ToolInfo, observedStructured: ReadonlySet<string>): ToolLintFinding[] {
  return [...nameFindings(tool.name), ...descriptionFindings(tool), ...schemaFindings(tool), ...outputSchemaFindings(tool, observedStructured)].map(
    (finding) => ({ tool: tool.name, ...finding }),
  );
}

/** Lints a server's tools, yielding to the event loop between slices. */
export async function lintTools(serverId: string, tools: readonly ToolInfo[], observedStructured: ReadonlySet<string>): Promise<ToolLintReport> {
  const findings: ToolLintFinding[] = [];
  let sliceStart = performance.now();
  for (const tool of tools) {
    findings.push(...lintTool(tool, observedStructured));
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  const counts: Record<LintSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return { serverId, tools: tools.length, findings, counts, observedStructuredTools: [...observedStructured].sort() };
}
