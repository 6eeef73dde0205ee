import type { TrafficEntry } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

/** Tool names kept per server; a server with more distinct tools than this is unusual enough to stop counting. */
const MAX_TOOLS_PER_SERVER = 10_000;

function hasStructuredContent(entry: TrafficEntry): boolean {
  const result = (entry.message as { result?: { structuredContent?: unknown } } | undefined)?.result;
  return typeof result === 'object' && result !== null && result.structuredContent !== undefined;
}

/**
 * Which tools returned `structuredContent` in this session, per server, read from the traffic as
 * it is recorded: the lint's output-schema rule needs what a tool did, not only what it declares.
 */
export class StructuredResults {
  private readonly byServer = new Map<string, Set<string>>();

  constructor(private readonly traffic: Pick<TrafficLog, 'get' | 'observe'>) {
    traffic.observe((entry) => this.note(entry));
  }

  private note(entry: TrafficEntry): void {
    if (entry.kind !== 'response' || entry.requestSeq === undefined || !hasStructuredContent(entry)) return;
    const request = this.traffic.get(entry.requestSeq);
    const name = (request?.message as { method?: string; params?: { name?: unknown } } | undefined)?.params?.name;
    if (request?.method !== 'tools/call' || typeof name !== 'string') return;
    let names = this.byServer.get(entry.serverId);
    if (!names) this.byServer.set(entry.serverId, (names = new Set()));
    if (names.size < MAX_TOOLS_PER_SERVER) names.add(name);
  }

  of(serverId: string): ReadonlySet<string> {
    return this.byServer.get(serverId) ?? new Set();
  }
}
