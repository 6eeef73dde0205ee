import type { CallProgress } from '../../../shared/mcp.js';
import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';

/** The progress fields of a recorded `notifications/progress` for the given token, or undefined. */
export function readProgress(entry: TrafficEntry, token: JsonRpcId | undefined): Pick<CallProgress, 'progress' | 'total' | 'message'> | undefined {
  if (token === undefined) return undefined;
  const params = (entry.message as { params?: Record<string, unknown> } | undefined)?.params;
  if (!params || params.progressToken !== token || typeof params.progress !== 'number') return undefined;
  return {
    progress: params.progress,
    ...(typeof params.total === 'number' ? { total: params.total } : {}),
    ...(typeof params.message === 'string' ? { message: params.message } : {}),
  };
}
