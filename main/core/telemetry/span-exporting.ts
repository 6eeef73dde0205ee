/**
 * One export to one collector: the OpenTelemetry SDK, its tracer and the spans open now. Loaded
 * only when traces are switched on (`McpTelemetry.configure` imports this module), so a Loupe that
 * exports nothing never loads OpenTelemetry.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { ParentSpanParams, ParentSpanRef, TelemetryStatus } from '../../../shared/telemetry.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { LoupeError } from '../../../shared/wire.js';
import { requestSpanEnd, requestSpanStart, type ServerFacts } from './request-spans.js';

/** Requests awaiting their answer, and parent spans open at once: past these the oldest are ended. */
const MAX_OPEN_REQUESTS = 10_000;
const MAX_OPEN_PARENTS = 100;
/** How long closing waits for the last spans to reach the collector. */
const FLUSH_TIMEOUT_MS = 10_000;

interface OpenParent {
  span: Span;
  serverId?: string | undefined;
  /** Parents only what runs inside `within` it (a run or a turn Loupe traces by itself). */
  scoped: boolean;
}

export type ExportCounts = Omit<TelemetryStatus, 'endpoint' | 'saved'>;

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

export class SpanExporting {
  private readonly counter: CountingExporter;
  private readonly provider: TracerProvider;
  private readonly tracer: Tracer;
  private readonly requests = new Map<string, Span>();
  private readonly parents = new Map<string, OpenParent>();
  private readonly current = new AsyncLocalStorage<Span>();

  constructor(
    readonly endpoint: string,
    headers: Readonly<Record<string, string>> | undefined,
    version: string,
    private readonly serverFacts: (serverId: string) => ServerFacts | undefined,
  ) {
    this.counter = new CountingExporter(new OTLPTraceExporter({ url: endpoint, headers: { ...headers } }));
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'mcp-loupe', 'service.version': version }),
      spanProcessors: [new BatchSpanProcessor({ exporter: this.counter, scheduledDelayMillis: 1000 })],
    });
    this.tracer = this.provider.getTracer('mcp-loupe', version);
  }

  counts(): ExportCounts {
    const { exported, failed, lastError } = this.counter;
    return { exported, failed, ...(lastError ? { lastError } : {}) };
  }

  /** Whether another parent span may open (past MAX_OPEN_PARENTS, `startParent` refuses). */
  hasRoomForParent(): boolean {
    return this.parents.size < MAX_OPEN_PARENTS;
  }

  async flush(): Promise<void> {
    await this.provider.forceFlush({ timeoutMillis: FLUSH_TIMEOUT_MS }).catch(() => undefined);
  }

  /** Ends every open span, sends them, and shuts the exporter down. */
  async close(): Promise<void> {
    for (const span of this.requests.values()) this.endUnanswered(span);
    this.requests.clear();
    for (const parent of this.parents.values()) parent.span.end();
    this.parents.clear();
    await this.provider.shutdown().catch(() => undefined);
  }

  startParent(params: ParentSpanParams, scoped: boolean): ParentSpanRef {
    if (this.parents.size >= MAX_OPEN_PARENTS) throw new LoupeError(`${MAX_OPEN_PARENTS} parent spans are open already: end some first.`, 'too-many');
    const span = this.tracer.startSpan(params.name, { kind: SpanKind.INTERNAL, attributes: { 'loupe.span.kind': params.kind, ...params.attributes } });
    const { spanId, traceId } = span.spanContext();
    this.parents.set(spanId, { span, serverId: params.serverId, scoped });
    return { spanId, traceId };
  }

  hasParent(spanId: string): boolean {
    return this.parents.has(spanId);
  }

  endParent(spanId: string, error?: string): void {
    const parent = this.parents.get(spanId);
    if (!parent) throw new LoupeError('No open parent span has this id (it ended, or exporting was stopped).', 'not-found');
    if (error) parent.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    parent.span.end();
    this.parents.delete(spanId);
  }

  within<T>(spanId: string, work: () => T): T {
    const parent = this.parents.get(spanId);
    return parent ? this.current.run(parent.span, work) : work();
  }

  private parentFor(serverId: string): Span | undefined {
    const inside = this.current.getStore();
    if (inside) return inside;
    let found: Span | undefined;
    for (const parent of this.parents.values()) if (!parent.scoped && (parent.serverId === undefined || parent.serverId === serverId)) found = parent.span;
    return found;
  }

  /** A request Loupe sent starts a span; its answer ends it. */
  note(entry: TrafficEntry): void {
    if (entry.id === undefined || entry.app) return;
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
      this.requests.set(key, this.tracer.startSpan(start.name, { kind: SpanKind.CLIENT, startTime: entry.time, attributes: start.attributes }, parentContext));
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
