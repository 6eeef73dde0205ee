import { isAscii, isLatin1 } from '../../../shared/utf8-length.js';
import { IdleRelease } from '../base/idle-release.js';
import { escapedLength, escapeInPlace } from './json-string-bytes.js';

/** What the buffer starts at, and shrinks back to after holding something much larger. */
const START_BYTES = 64 * 1024;
/** Texts this long take the Latin-1 copy when they can (see `append` and `appendJsonString`). */
const LATIN1_MIN_CHARS = 64 * 1024;
const QUOTE = 0x22;

/**
 * Text encoded as UTF-8 into one buffer that is kept from write to write: each line is encoded
 * once, and its byte length comes from that, instead of measuring it, joining the lines and
 * encoding them all again.
 */
export class PendingBytes {
  private buffer = Buffer.allocUnsafe(START_BYTES);
  private used = 0;
  /** A large buffer is kept a while once empty: the next large result reuses it. */
  private readonly largeIdle = new IdleRelease(() => {
    if (this.used === 0) this.buffer = Buffer.allocUnsafe(START_BYTES);
  });

  /** Bytes held. */
  get length(): number {
    return this.used;
  }

  /** Adds `text`; returns how many bytes it took. */
  append(text: string): number {
    // ASCII is the same in Latin-1 and UTF-8, and Node copies Latin-1 many times faster (20 MB:
    // ~2 ms against 90–200 ms). Only a large text is worth the search; the usual line is small.
    const ascii = text.length >= LATIN1_MIN_CHARS && isAscii(text);
    // A UTF-16 code unit never takes more than 3 bytes in UTF-8.
    const most = ascii ? text.length : text.length * 3;
    this.ensure(this.used + most);
    const bytes = this.buffer.write(text, this.used, ascii ? 'latin1' : 'utf8');
    this.used += bytes;
    return bytes;
  }

  /**
   * Adds `before`, then `text` as a JSON string (what `JSON.stringify(text)` gives), then `after`;
   * returns how many bytes that took. A short text goes in one write with the rest (the usual
   * traffic line); a long one is escaped in the buffer itself (see json-string-bytes.ts): for a
   * 20 MB result that is a few tens of milliseconds instead of a few hundred.
   */
  appendWithJsonString(before: string, text: string, after: string): number {
    if (text.length < LATIN1_MIN_CHARS || !isLatin1(text)) return this.append(before + JSON.stringify(text) + after);
    return this.append(before) + this.appendEscaped(text) + this.append(after);
  }

  /** Adds a one-byte `text` as a JSON string, escaped in place after a Latin-1 copy. */
  private appendEscaped(text: string): number {
    const start = this.used + 1;
    // The text takes `text.length` bytes as Latin-1; an eighth more is room for the usual escapes.
    this.ensure(start + text.length + (text.length >> 3) + 1);
    const end = start + this.buffer.write(text, start, 'latin1');
    const escaped = escapedLength(this.buffer, start, end);
    this.ensure(start + escaped + 1, end);
    escapeInPlace(this.buffer, start, end, escaped);
    this.buffer[this.used] = QUOTE;
    this.buffer[start + escaped] = QUOTE;
    const bytes = escaped + 2;
    this.used += bytes;
    return bytes;
  }

  /**
   * Hands all the bytes held but the last `keepBytes` to `write` (which may use them only during
   * the call); those last bytes are then the only ones held.
   */
  drain(write: (bytes: Buffer) => void, keepBytes = 0): void {
    const end = this.used - keepBytes;
    if (end > 0) write(this.buffer.subarray(0, end));
    this.buffer.copyWithin(0, end, this.used);
    this.used = keepBytes;
    if (this.used === 0 && this.buffer.length > START_BYTES * 16) this.largeIdle.used();
  }

  /** Makes room for `needed` bytes, keeping the first `keep`. */
  private ensure(needed: number, keep = this.used): void {
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, keep);
    this.buffer = grown;
  }
}
