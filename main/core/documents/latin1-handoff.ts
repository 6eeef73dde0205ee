/**
 * Hands long one-byte texts to the document thread through memory both share. Posting a 20 MB
 * string makes V8's serializer copy it into a buffer that doubles as it fills, on the core's event
 * loop (~80–100 ms on a small VM, mostly fresh pages); a Latin-1 copy into a buffer kept from text
 * to text takes a few milliseconds, and the thread makes its string from it. One text is on its way
 * at a time: another, or one wider than Latin-1, goes the usual way.
 */
import { isLatin1 } from '../../../shared/utf8-length.js';
import { IdleRelease } from '../base/idle-release.js';

export interface Latin1Text {
  bytes: SharedArrayBuffer;
  length: number;
}

export class Latin1Handoff {
  private buffer: SharedArrayBuffer | undefined;
  private inUse = false;
  private readonly idle = new IdleRelease(() => (this.buffer = undefined));

  /** The text, copied into the shared buffer; undefined when it cannot go this way now. */
  write(text: string): Latin1Text | undefined {
    if (this.inUse || !isLatin1(text)) return undefined;
    if (!this.buffer || this.buffer.byteLength < text.length) this.buffer = new SharedArrayBuffer(text.length);
    const length = Buffer.from(this.buffer).write(text, 'latin1');
    this.inUse = true;
    this.idle.busy();
    return { bytes: this.buffer, length };
  }

  /** The thread has made its copy: the buffer may take the next text. */
  released(): void {
    this.inUse = false;
    this.idle.used();
  }

  /** The thread is gone: what it was handed is gone with it. */
  reset(): void {
    this.released();
  }
}

/** In the thread: the text a `Latin1Text` holds. */
export function readLatin1({ bytes, length }: Latin1Text): string {
  return Buffer.from(bytes, 0, length).toString('latin1');
}
