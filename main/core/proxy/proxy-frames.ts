/**
 * The framing of the link between a `loupe proxy` and the running app's core (a Unix domain socket
 * or a Windows named pipe): each frame is a JSON header and a byte payload, each preceded by its
 * length as a 32-bit big-endian number. A wire line travels as its bytes, never escaped into JSON.
 */

/** Headers are small objects; anything longer is a broken or hostile peer. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** A payload is at most one line of the wire (Loupe keeps lines up to 128 MB whole), plus room. */
export const MAX_PAYLOAD_BYTES = 129 * 1024 * 1024;

const PREFIX_BYTES = 8;

export interface Frame {
  header: Record<string, unknown>;
  payload: Buffer;
}

/** One frame's bytes: prefix, header, then the payload as it is (a second buffer, not copied). */
export function encodeFrame(header: object, payload?: Uint8Array): Buffer[] {
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.allocUnsafe(PREFIX_BYTES);
  prefix.writeUInt32BE(head.length, 0);
  prefix.writeUInt32BE(payload?.length ?? 0, 4);
  return payload && payload.length > 0 ? [prefix, head, Buffer.from(payload.buffer, payload.byteOffset, payload.length)] : [prefix, head];
}

export class FrameError extends Error {}

/**
 * Reads frames from a byte stream. A frame whose header or payload is over its limit, or whose
 * header is not a JSON object, throws FrameError: the peer is not a Loupe proxy (or a broken one)
 * and the link is closed. Memory held is bounded by one frame.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly limits = { headerBytes: MAX_HEADER_BYTES, payloadBytes: MAX_PAYLOAD_BYTES },
  ) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.buffered < PREFIX_BYTES) return;
      const prefix = this.peek(PREFIX_BYTES);
      const headerBytes = prefix.readUInt32BE(0);
      const payloadBytes = prefix.readUInt32BE(4);
      if (headerBytes > this.limits.headerBytes) throw new FrameError(`A frame header of ${headerBytes} bytes is over the limit of ${this.limits.headerBytes}.`);
      if (payloadBytes > this.limits.payloadBytes) throw new FrameError(`A frame payload of ${payloadBytes} bytes is over the limit of ${this.limits.payloadBytes}.`);
      const total = PREFIX_BYTES + headerBytes + payloadBytes;
      if (this.buffered < total) return;
      const bytes = this.take(total);
      let header: unknown;
      try {
        header = JSON.parse(bytes.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerBytes));
      } catch {
        throw new FrameError('A frame header is not JSON.');
      }
      if (typeof header !== 'object' || header === null || Array.isArray(header)) throw new FrameError('A frame header is not a JSON object.');
      this.onFrame({ header: header as Record<string, unknown>, payload: bytes.subarray(PREFIX_BYTES + headerBytes) });
    }
  }

  private peek(count: number): Buffer {
    if (this.chunks[0]!.length >= count) return this.chunks[0]!;
    const joined = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [joined];
    return joined;
  }

  private take(count: number): Buffer {
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const taken = joined.subarray(0, count);
    const rest = joined.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }
}
