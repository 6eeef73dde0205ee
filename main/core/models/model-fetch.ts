import type { FetchLike } from '@modelcontextprotocol/client';

/** How long and how much a provider may take: it is as untrusted as a server. */
export interface ModelFetchLimits {
  /** Until the response's headers arrive. */
  responseTimeoutMs: number;
  /** Between two pieces of the response body (a stream that goes quiet). */
  idleTimeoutMs: number;
  /** The whole response body. */
  maxResponseBytes: number;
}

export const DEFAULT_MODEL_FETCH_LIMITS: ModelFetchLimits = {
  responseTimeoutMs: 120_000,
  idleTimeoutMs: 60_000,
  maxResponseBytes: 16 * 1024 * 1024,
};

/** A provider went past a limit; its message is the sentence the person sees. */
export class ModelLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelLimitError';
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Follows the caller's signal into ours, so Stop still stops the request. */
function linkedController(outer: AbortSignal | null | undefined): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  if (!outer) return { controller, unlink: () => {} };
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return { controller, unlink: () => outer.removeEventListener('abort', onAbort) };
}

/** The body, read through an idle timer and a byte count; past either, the request is aborted with a ModelLimitError. */
function limitedBody(body: ReadableStream<Uint8Array>, controller: AbortController, limits: ModelFetchLimits, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let bytes = 0;
  const fail = (error: ModelLimitError, stream: ReadableStreamDefaultController<Uint8Array>) => {
    controller.abort(error);
    stream.error(error);
    done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(stream) {
      const idle = setTimeout(() => controller.abort(new ModelLimitError(`The provider sent nothing more for ${seconds(limits.idleTimeoutMs)} in the middle of its answer, so Loupe stopped waiting.`)), limits.idleTimeoutMs);
      let chunk: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        const reason: unknown = controller.signal.reason;
        if (reason instanceof ModelLimitError) fail(reason, stream);
        else {
          stream.error(error);
          done();
        }
        return;
      } finally {
        clearTimeout(idle);
      }
      if (chunk.done) {
        stream.close();
        done();
        return;
      }
      bytes += chunk.value.byteLength;
      if (bytes > limits.maxResponseBytes) {
        fail(new ModelLimitError(`The provider's answer passed ${size(limits.maxResponseBytes)}, so Loupe stopped reading it.`), stream);
        void reader.cancel().catch(() => {});
        return;
      }
      stream.enqueue(chunk.value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/**
 * Wraps a fetch so a provider's response must start within `responseTimeoutMs`, may not go quiet
 * for `idleTimeoutMs` and may not pass `maxResponseBytes`: each ends the request with a
 * ModelLimitError that says which.
 */
export function limitedFetch(inner: FetchLike, limits: ModelFetchLimits): FetchLike {
  return async (input, init) => {
    const { controller, unlink } = linkedController(init?.signal);
    const timer = setTimeout(
      () => controller.abort(new ModelLimitError(`The provider did not answer within ${seconds(limits.responseTimeoutMs)}, so Loupe stopped waiting.`)),
      limits.responseTimeoutMs,
    );
    let response: Response;
    try {
      response = await inner(input, { ...init, signal: controller.signal });
    } catch (error) {
      unlink();
      const reason: unknown = controller.signal.reason;
      throw reason instanceof ModelLimitError ? reason : error;
    } finally {
      clearTimeout(timer);
    }
    if (!response.body) {
      unlink();
      return response;
    }
    const body = limitedBody(response.body, controller, limits, unlink);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
