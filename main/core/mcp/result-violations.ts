import {
  CallToolResultSchema as ModernCallToolResultSchema,
  CompleteResultSchema as ModernCompleteResultSchema,
  DiscoverResultSchema,
  GetPromptResultSchema as ModernGetPromptResultSchema,
  ListPromptsResultSchema as ModernListPromptsResultSchema,
  ListResourceTemplatesResultSchema as ModernListResourceTemplatesResultSchema,
  ListResourcesResultSchema as ModernListResourcesResultSchema,
  ListToolsResultSchema as ModernListToolsResultSchema,
  ReadResourceResultSchema as ModernReadResourceResultSchema,
} from '@modelcontextprotocol/core';
// The 2025 schemas come from SDK 1.x, the last release written against them.
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
import type { ProtocolEra } from '../../../shared/connection.js';
import type { SchemaViolation } from '../../../shared/mcp.js';
import { modernWireViolations } from './modern-wire-rules.js';
import { surelyConforms } from './surely-conforms.js';
import { toPointer } from '../../../shared/json-pointer.js';

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/** The MCP schema each method's result must satisfy, per era. */
const RESULT_SCHEMAS: Record<ProtocolEra, Record<string, SafeParser>> = {
  legacy: {
    initialize: InitializeResultSchema,
    'tools/list': ListToolsResultSchema,
    'tools/call': CallToolResultSchema,
    'resources/list': ListResourcesResultSchema,
    'resources/templates/list': ListResourceTemplatesResultSchema,
    'resources/read': ReadResourceResultSchema,
    'prompts/list': ListPromptsResultSchema,
    'prompts/get': GetPromptResultSchema,
    'completion/complete': CompleteResultSchema,
  },
  // The SDK's public 2026 schemas check the shape; the wire-only fields are checked in modern-wire-rules.
  modern: {
    'server/discover': DiscoverResultSchema,
    'tools/list': ModernListToolsResultSchema,
    'tools/call': ModernCallToolResultSchema,
    'resources/list': ModernListResourcesResultSchema,
    'resources/templates/list': ModernListResourceTemplatesResultSchema,
    'resources/read': ModernReadResourceResultSchema,
    'prompts/list': ModernListPromptsResultSchema,
    'prompts/get': ModernGetPromptResultSchema,
    'completion/complete': ModernCompleteResultSchema,
  },
};

/** Where a zod issue points, as a JSON Pointer ('' for the whole result). */
function pointerOf(path: PropertyKey[]): string {
  return toPointer(path.map((part) => (typeof part === 'number' ? part : String(part))));
}

/** Where `result` breaks the MCP schema of its era for `method`: empty when it conforms or the method is unknown. */
export function findResultViolations(method: string, result: unknown, era: ProtocolEra = 'legacy'): SchemaViolation[] {
  const wire = era === 'modern' ? modernWireViolations(method, result) : [];
  const schema = RESULT_SCHEMAS[era][method];
  if (!schema || surelyConforms(method, result)) return wire;
  const parsed = schema.safeParse(result);
  if (parsed.success) return wire;
  return [...parsed.error.issues.map((issue) => ({ path: pointerOf(issue.path), message: issue.message })), ...wire];
}
