import type { ServerIcon } from '../../../shared/connection.js';
import type { JsonObject, ToolAnnotations, ToolInfo } from '../../../shared/mcp.js';

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A tool as the UI needs it, built leniently from whatever the server sent. */
export function toToolInfo(raw: unknown): ToolInfo {
  const tool = isRecord(raw) ? raw : {};
  const title = optionalString(tool.title);
  const description = optionalString(tool.description);
  return {
    name: typeof tool.name === 'string' ? tool.name : '(unnamed tool)',
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(isRecord(tool.inputSchema) ? { inputSchema: tool.inputSchema } : {}),
    ...(isRecord(tool.outputSchema) ? { outputSchema: tool.outputSchema } : {}),
    ...(isRecord(tool.annotations) ? { annotations: tool.annotations as ToolAnnotations } : {}),
    ...(Array.isArray(tool.icons) ? { icons: tool.icons.filter(isRecord) as unknown as ServerIcon[] } : {}),
    ...(isRecord(tool._meta) ? { _meta: tool._meta } : {}),
  };
}
