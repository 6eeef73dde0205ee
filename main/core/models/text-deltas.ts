/**
 * Streamed text on its way to the window: pieces that arrive in the same turn of the event loop
 * go out as one event on the next, so a fast stream is not one event per token, and the first
 * piece waits no longer than that turn.
 */
export class TextDeltas {
  private pending = '';
  private scheduled: NodeJS.Immediate | undefined;

  constructor(private readonly send: (text: string) => void) {}

  push(text: string): void {
    if (text === '') return;
    this.pending += text;
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Sends what is pending now (before an event that must come after it). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.send(text);
  }
}
