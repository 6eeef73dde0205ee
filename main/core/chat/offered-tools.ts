import type { JsonObject, ToolInfo } from '../../../shared/mcp.js';
import { declaredToolVisibility } from '../../../shared/tool-ui.js';
import type { StepTool } from '../models/model-step.js';

/** More tools than the providers' APIs take in one request (OpenAI's limit is 128). */
export const MAX_OFFERED_TOOLS = 128;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 4_000;
/** A tool's schema larger than this (as JSON) is not sent: the model gets an open object instead. */
const MAX_SCHEMA_CHARS = 64 * 1024;

export interface OfferedTool {
  serverId: string;
  tool: ToolInfo;
  /** The name the model knows it by. */
  modelName: string;
}

export interface OfferedTools {
  byModelName: Map<string, OfferedTool>;
  /** For the model step. */
  specs: Record<string, StepTool>;
  /** Tools left out (past MAX_OFFERED_TOOLS), for a notice. */
  leftOut: number;
}

export interface ServerTools {
  serverId: string;
  serverName: string;
  tools: ToolInfo[];
}

/** A name the providers accept: letters, digits, `_` and `-`, at most 64 characters. */
function modelSafe(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_NAME);
  return safe === '' ? 'tool' : safe;
}

function unique(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, MAX_NAME - String(n).length - 1)}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function schemaFor(tool: ToolInfo): { schema: JsonObject; note: string } {
  const schema = tool.inputSchema ?? { type: 'object' };
  let size: number;
  try {
    size = JSON.stringify(schema).length;
  } catch {
    size = Infinity;
  }
  if (size <= MAX_SCHEMA_CHARS && schema.type === 'object') return { schema, note: '' };
  return { schema: { type: 'object' }, note: ' (Its input schema was too large or not an object schema, so it is not shown here.)' };
}

/**
 * The servers' tools as the model is offered them: tools hidden from the model by their app
 * (`_meta.ui.visibility` without "model") are left out; with one server a tool keeps its name
 * (made safe for the APIs), with several it is prefixed by its server's name.
 */
export function offeredTools(servers: readonly ServerTools[]): OfferedTools {
  const byModelName = new Map<string, OfferedTool>();
  const specs: Record<string, StepTool> = {};
  let leftOut = 0;
  const prefixed = servers.length > 1;
  for (const server of servers) {
    const prefix = prefixed ? `${modelSafe(server.serverName).slice(0, 20)}__` : '';
    for (const tool of server.tools) {
      if (!declaredToolVisibility(tool).includes('model')) continue;
      if (byModelName.size >= MAX_OFFERED_TOOLS) {
        leftOut += 1;
        continue;
      }
      const modelName = unique(modelSafe(`${prefix}${tool.name}`), new Set(byModelName.keys()));
      const { schema, note } = schemaFor(tool);
      const description = `${tool.description ?? tool.title ?? ''}`.slice(0, MAX_DESCRIPTION) + note;
      byModelName.set(modelName, { serverId: server.serverId, tool, modelName });
      specs[modelName] = { inputSchema: schema, ...(description !== '' ? { description } : {}) };
    }
  }
  return { byModelName, specs, leftOut };
}
