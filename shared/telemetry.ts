/**
 * OpenTelemetry traces of MCP calls, sent over OTLP/HTTP (protobuf) to a collector the user names
 * (Jaeger, Tempo, Honeycomb, an OpenTelemetry Collector): one CLIENT span per request, named and
 * attributed after the semantic conventions for MCP (`mcp.method.name`, `gen_ai.tool.name`,
 * `mcp.resource.uri`, `jsonrpc.request.id`, `error.type`…), children of a parent span (a chat turn,
 * a collection run) while one is open. The requests are `telemetry.*` in contract.ts.
 */

export interface TelemetryConfig {
  /** The OTLP/HTTP traces endpoint, e.g. `http://localhost:4318/v1/traces`; null stops exporting. */
  endpoint: string | null;
  /** Headers the collector wants (an API key): kept in the core's memory for this session only. */
  headers?: Record<string, string> | undefined;
}

export interface TelemetryStatus {
  /** Where spans go; null when exporting is off. */
  endpoint: string | null;
  /** Spans the collector accepted since exporting started. */
  exported: number;
  /** The last export failure, in one sentence. */
  lastError?: string;
}

/** What a parent span stands for; its children are the MCP requests made while it is open. */
export type ParentSpanKind = 'chat-turn' | 'collection-run' | 'load-run' | 'other';

export interface ParentSpanParams {
  name: string;
  kind: ParentSpanKind;
  /** Only requests to this server become its children (all servers' when absent). */
  serverId?: string | undefined;
  attributes?: Record<string, string | number | boolean> | undefined;
}

export interface ParentSpanRef {
  spanId: string;
  traceId: string;
}
