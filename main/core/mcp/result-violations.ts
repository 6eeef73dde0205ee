import {
  CallToolResultSchema,
  CompleteResultSchema,
  GetPromptResultSchema,
  InitializeResultSchema,
  ListPromptsResultSchema,
  ListResourceTemplatesResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { SchemaViolation } from '../../../shared/mcp.js';

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/** The MCP schema each method's result must satisfy. */
const RESULT_SCHEMAS: Record<string, SafeParser> = {
  initialize: InitializeResultSchema,
  'tools/list': ListToolsResultSchema,
  'tools/call': CallToolResultSchema,
  'resources/list': ListResourcesResultSchema,
  'resources/templates/list': ListResourceTemplatesResultSchema,
  'resources/read': ReadResourceResultSchema,
  'prompts/list': ListPromptsResultSchema,
  'prompts/get': GetPromptResultSchema,
  'completion/complete': CompleteResultSchema,
};

function toPointer(path: PropertyKey[]): string {
  return path.length === 0 ? '/' : path.map((part) => `/${String(part)}`).join('');
}

/** Where `result` breaks the MCP schema for `method`: empty when it conforms or the method is unknown. */
export function findResultViolations(method: string, result: unknown): SchemaViolation[] {
  const schema = RESULT_SCHEMAS[method];
  if (!schema) return [];
  const parsed = schema.safeParse(result);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: toPointer(issue.path), message: issue.message }));
}
