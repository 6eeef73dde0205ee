/**
 * Main-thread tasks of a page from a Chromium trace, each with what it was. The Long Tasks API
 * gives durations only; the trace tells the browser's own WebSocket work from the rest:
 *   ws-receive  Chromium receiving a WebSocket message and dispatching it (the page's message
 *               listeners, e.g. the bridge decoding the JSON, run inside this task);
 *   ws-free     Chromium freeing a received message's buffers, a while later;
 *   other       everything else: rendering, timers, worker replies, input.
 */

const CATEGORIES = ['devtools.timeline', 'toplevel', 'mojom'];

function kindOf(task, inside) {
  if (/websocket_message_chunk_accumulator/.test(String(task.args?.src_file))) return 'ws-free';
  const mojo = inside.find((event) => event.name === 'Receive mojo message')?.args?.chrome_mojo_event_info;
  if (inside.some((event) => event.name === 'WebSocketReceive') || /WebSocket/.test(mojo?.mojo_interface_tag ?? '')) return 'ws-receive';
  return 'other';
}

/** Runs `action` under a trace; returns the page's main-thread tasks longer than `thresholdMs`. */
export async function traceMainThread(page, action, thresholdMs = 50) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer;
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  const parsed = JSON.parse(buffer.toString('utf8'));
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) throw new Error('The trace has no renderer main thread');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  return onMain
    .filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.dur > thresholdMs * 1000)
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter((event) => event.ts >= task.ts && event.ts <= end && event !== task);
      return { durationMs: Math.round(task.dur / 1000), kind: kindOf(task, inside), source: String(task.args?.src_file ?? '') };
    });
}
