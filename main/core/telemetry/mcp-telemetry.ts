import type { ParentSpanParams, ParentSpanRef, TelemetryConfig, TelemetryStatus } from '../../../shared/telemetry.js';
import { LoupeError } from '../../../shared/wire.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import type { ServerFacts } from './request-spans.js';
import type { ExportCounts, SpanExporting } from './span-exporting.js';

/**
 * Turns the traffic record into OpenTelemetry spans while exporting is on: a span starts with each
 * request Loupe sends and ends with its answer. A parent span (a chat turn, a collection run) is
 * the parent of the requests made inside `within(spanId, …)`, or else of every request to its
 * server (or to any server) while it is open. OpenTelemetry itself (`span-exporting.ts`) is loaded
 * the first time a collector is named.
 */
export class McpTelemetry {
  private exporting: SpanExporting | undefined;
  /** The last export's counts, still shown after it was stopped. */
  private lastCounts: ExportCounts = { exported: 0, failed: 0 };

  constructor(
    traffic: Pick<TrafficLog, 'observe'>,
    private readonly serverFacts: (serverId: string) => ServerFacts | undefined,
    private readonly version: string,
  ) {
    traffic.observe((entry) => this.exporting?.note(entry));
  }

  status(): TelemetryStatus {
    return { endpoint: this.exporting?.endpoint ?? null, ...(this.exporting?.counts() ?? this.lastCounts) };
  }

  async configure(config: TelemetryConfig): Promise<TelemetryStatus> {
    await this.stop();
    if (config.endpoint === null) return this.status();
    const { SpanExporting } = await import('./span-exporting.js');
    this.exporting = new SpanExporting(config.endpoint, config.headers, this.version, this.serverFacts);
    this.lastCounts = { exported: 0, failed: 0 };
    return this.status();
  }

  /** Sends what is pending (the CLI calls this before it exits). */
  async flush(): Promise<void> {
    await this.exporting?.flush();
  }

  /** Ends every open span, sends them, and stops exporting. */
  async stop(): Promise<void> {
    const exporting = this.exporting;
    if (!exporting) return;
    this.exporting = undefined;
    await exporting.close();
    this.lastCounts = exporting.counts();
  }

  /** `scoped`: the span parents only the requests made inside `within` it, not every request while it is open. */
  startParent(params: ParentSpanParams, scoped = false): ParentSpanRef {
    return this.requireExporting().startParent(params, scoped);
  }

  endParent(spanId: string, error?: string): void {
    this.requireExporting('No open parent span has this id (it ended, or exporting was stopped).', 'not-found').endParent(spanId, error);
  }

  /**
   * Runs `work` under a parent span of its own while exporting (a collection run, a chat turn),
   * so the requests it makes are its children; ends it with work's error, if any. Off: just work.
   */
  async traced<T>(params: ParentSpanParams, work: () => Promise<T>): Promise<T> {
    const exporting = this.exporting;
    if (!exporting?.hasRoomForParent()) return work();
    const { spanId } = exporting.startParent(params, true);
    try {
      const result = await exporting.within(spanId, work);
      exporting.endParent(spanId);
      return result;
    } catch (error) {
      if (exporting.hasParent(spanId)) exporting.endParent(spanId, error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000));
      throw error;
    }
  }

  /** Runs `work` with the parent span as the parent of every request it makes (core features: a chat turn, a run). */
  within<T>(spanId: string, work: () => T): T {
    return this.exporting ? this.exporting.within(spanId, work) : work();
  }

  private requireExporting(message = 'OpenTelemetry export is off: name a collector with telemetry.configure first.', code = 'telemetry-off'): SpanExporting {
    if (!this.exporting) throw new LoupeError(message, code);
    return this.exporting;
  }
}
