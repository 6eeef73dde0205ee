import { AsyncLocalStorage } from 'node:async_hooks';
import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { ParentSpanParams, ParentSpanRef, TelemetryConfig, TelemetryStatus } from '../../../shared/telemetry.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { LoupeError } from '../../../shared/wire.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { requestSpanEnd, requestSpanStart, type ServerFacts } from './request-spans.js';

/** Requests awaiting their answer, and parent spans open at once: past these the oldest are ended. */
const MAX_OPEN_REQUESTS = 10_000;
const MAX_OPEN_PARENTS = 100;
/** How long closing waits for the last spans to reach the collector. */
const FLUSH_TIMEOUT_MS = 10_000;

interface Exporting {
  endpoint: string;
  provider: TracerProvider;
  tracer: Tracer;
}

interface OpenParent {
  span: Span;
  serverId?: string | undefined;
  /** Parents only what runs inside `within` it (a run or a turn Loupe traces by itself). */
  scoped: boolean;
}

/** Counts what the collector accepted and keeps its last refusal, for `telemetry.status`. */
class CountingExporter implements SpanExporter {
  exported = 0;
  failed = 0;
  lastError: string | undefined;

  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans, (result) => {
      if (Number(result.code) === 0) this.exported += spans.length;
      else {
        this.failed += spans.length;
        this.lastError = `The collector did not take ${spans.length} span(s): ${result.error?.message ?? 'export failed'}.`;
      }
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * Turns the traffic record into OpenTelemetry spans while exporting is on: a span starts with each
 * request Loupe sends and ends with its answer. A parent span (a chat turn, a collection run) is
 * the parent of the requests made inside `within(spanId, …)`, or else of every request to its
 * server (or to any server) while it is open.
 */
export class McpTelemetry {
  private exporting: Exporting | undefined;
  private counter: CountingExporter | undefined;
  private readonly requests = new Map<string, Span>();
  private readonly parents = new Map<string, OpenParent>();
  private readonly current = new AsyncLocalStorage<Span>();

  constructor(
    traffic: Pick<TrafficLog, 'observe'>,
    private readonly serverFacts: (serverId: string) => ServerFacts | undefined,
    private readonly version: string,
  ) {
    traffic.observe((entry) => this.note(entry));
  }

  status(): TelemetryStatus {
    return {
      endpoint: this.exporting?.endpoint ?? null,
      exported: this.counter?.exported ?? 0,
      failed: this.counter?.failed ?? 0,
      ...(this.counter?.lastError ? { lastError: this.counter.lastError } : {}),
    };
  }

  async configure(config: TelemetryConfig): Promise<TelemetryStatus> {
    await this.stop();
    if (config.endpoint === null) return this.status();
    const exporter = new CountingExporter(new OTLPTraceExporter({ url: config.endpoint, headers: { ...config.headers } }));
    const provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'mcp-loupe', 'service.version': this.version }),
      spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
    });
    this.counter = exporter;
    this.exporting = { endpoint: config.endpoint, provider, tracer: provider.getTracer('mcp-loupe', this.version) };
    return this.status();
  }

  /** Sends what is pending (the CLI calls this before it exits). */
  async flush(): Promise<void> {
    await this.exporting?.provider.forceFlush({ timeoutMillis: FLUSH_TIMEOUT_MS }).catch(() => undefined);
  }

  /** Ends every open span, sends them, and stops exporting. */
  async stop(): Promise<void> {
    const exporting = this.exporting;
    if (!exporting) return;
    for (const span of this.requests.values()) this.endUnanswered(span);
    this.requests.clear();
    for (const parent of this.parents.values()) parent.span.end();
    this.parents.clear();
    this.exporting = undefined;
    await exporting.provider.shutdown().catch(() => undefined);
  }

  /** `scoped`: the span parents only the requests made inside `within` it, not every request while it is open. */
  startParent(params: ParentSpanParams, scoped = false): ParentSpanRef {
    const exporting = this.requireExporting();
    if (this.parents.size >= MAX_OPEN_PARENTS) throw new LoupeError(`${MAX_OPEN_PARENTS} parent spans are open already: end some first.`, 'too-many');
    const span = exporting.tracer.startSpan(params.name, { kind: SpanKind.INTERNAL, attributes: { 'loupe.span.kind': params.kind, ...params.attributes } });
    const { spanId, traceId } = span.spanContext();
    this.parents.set(spanId, { span, serverId: params.serverId, scoped });
    return { spanId, traceId };
  }

  endParent(spanId: string, error?: string): void {
    const parent = this.parents.get(spanId);
    if (!parent) throw new LoupeError('No open parent span has this id (it ended, or exporting was stopped).', 'not-found');
    if (error) parent.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    parent.span.end();
    this.parents.delete(spanId);
  }

  /**
   * Runs `work` under a parent span of its own while exporting (a collection run, a chat turn),
   * so the requests it makes are its children; ends it with work's error, if any. Off: just work.
   */
  async traced<T>(params: ParentSpanParams, work: () => Promise<T>): Promise<T> {
    if (!this.exporting || this.parents.size >= MAX_OPEN_PARENTS) return work();
    const { spanId } = this.startParent(params, true);
    try {
      const result = await this.within(spanId, work);
      this.endParent(spanId);
      return result;
    } catch (error) {
      if (this.parents.has(spanId)) this.endParent(spanId, error instanceof Error ? error.message.slice(0, 1000) : String(error).slice(0, 1000));
      throw error;
    }
  }

  /** Runs `work` with the parent span as the parent of every request it makes (core features: a chat turn, a run). */
  within<T>(spanId: string, work: () => T): T {
    const parent = this.parents.get(spanId);
    return parent ? this.current.run(parent.span, work) : work();
  }

  private requireExporting(): Exporting {
    if (!this.exporting) throw new LoupeError('OpenTelemetry export is off: name a collector with telemetry.configure first.', 'telemetry-off');
    return this.exporting;
  }

  private parentFor(serverId: string): Span | undefined {
    const inside = this.current.getStore();
    if (inside) return inside;
    let found: Span | undefined;
    for (const parent of this.parents.values()) if (!parent.scoped && (parent.serverId === undefined || parent.serverId === serverId)) found = parent.span;
    return found;
  }

  private note(entry: TrafficEntry): void {
    const exporting = this.exporting;
    if (!exporting || entry.id === undefined || entry.app) return;
    const key = `${entry.connectionId} ${String(entry.id)}`;
    if (entry.kind === 'request' && entry.direction === 'out') {
      if (this.requests.size >= MAX_OPEN_REQUESTS) {
        const [oldestKey, oldest] = this.requests.entries().next().value as [string, Span];
        this.endUnanswered(oldest);
        this.requests.delete(oldestKey);
      }
      const start = requestSpanStart(entry, this.serverFacts(entry.serverId));
      const parent = this.parentFor(entry.serverId);
      const parentContext = parent ? trace.setSpan(context.active(), parent) : context.active();
      this.requests.set(key, exporting.tracer.startSpan(start.name, { kind: SpanKind.CLIENT, startTime: entry.time, attributes: start.attributes }, parentContext));
      return;
    }
    if ((entry.kind === 'response' || entry.kind === 'error') && entry.direction === 'in') {
      const span = this.requests.get(key);
      if (!span) return;
      this.requests.delete(key);
      const end = requestSpanEnd(entry);
      span.setAttributes(end.attributes);
      if (end.error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: end.error });
      span.end(entry.time);
    }
  }

  private endUnanswered(span: Span): void {
    span.setAttribute('error.type', 'unanswered');
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'No answer came before the span was closed.' });
    span.end();
  }
}
