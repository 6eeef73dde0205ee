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
  /** Headers the collector wants (an API key): kept in the core's memory unless `remember` saves them. */
  headers?: Record<string, string> | undefined;
  /** Saved headers whose saved values are used again (a secret value is never given back to the app). */
  keepHeaders?: string[] | undefined;
  /** Headers the person said are not secret: saved in telemetry.json and shown again. Every other value is a secret. */
  plainHeaders?: string[] | undefined;
  /**
   * Saves the collector for the next start (header values in the keychain, those named in
   * `plainHeaders` in telemetry.json); with `endpoint: null` the saved collector is kept but switched off.
   */
  remember?: boolean | undefined;
}

/** The collector saved for the next start. */
export interface SavedTelemetry {
  endpoint: string;
  /** Export to it when Loupe starts. */
  on: boolean;
  /** A header's value is absent unless the person said it is not secret: it is in the keychain. */
  headers: { name: string; value?: string }[];
}

export interface TelemetryStatus {
  /** Where spans go; null when exporting is off. */
  endpoint: string | null;
  /** Spans the collector accepted since exporting started. */
  exported: number;
  /** Spans the collector refused or never got since exporting started. */
  failed: number;
  /** The last export failure, in one sentence. */
  lastError?: string;
  saved?: SavedTelemetry;
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
