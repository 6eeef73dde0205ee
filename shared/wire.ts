/** The envelopes both bridges (Electron IPC and WebSocket) carry. Generic over the contract. */

export interface WireError {
  message: string;
  /** Set for errors the UI may branch on, e.g. `invalid-params`, `unknown-request`. */
  code?: string;
}

export type WireResult = { ok: true; value: unknown } | { ok: false; error: WireError };

/** Renderer → host over WebSocket. */
export interface WireRequest {
  type: 'request';
  id: number;
  name: string;
  params: unknown;
}

/** Host → renderer over WebSocket. */
export type WireMessage =
  | ({ type: 'response'; id: number } & WireResult)
  | { type: 'event'; name: string; payload: unknown };

/**
 * What the Electron preload exposes on `window`: requests come back as WireResults, unopened,
 * so the renderer turns a failure into the same error type (BridgeError) on both bridges.
 */
export interface PreloadApi {
  request(name: string, params: unknown): Promise<WireResult>;
  /** Returns a function that removes the listener. */
  on(name: string, listener: (payload: unknown) => void): () => void;
}

/** Electron channel names. */
export const IPC_REQUEST_CHANNEL = 'loupe:request';
export const IPC_EVENT_CHANNEL = 'loupe:event';

/** The name under which the preload exposes the API on `window`. */
export const PRELOAD_GLOBAL = 'loupe';

/** An error the core throws on purpose; its message is shown to the user as is. */
export class LoupeError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LoupeError';
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof LoupeError) return { message: error.message, ...(error.code ? { code: error.code } : {}) };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: `Unexpected failure: ${String(error)}` };
}

/**
 * A WebSocket message longer than this many bytes goes as binary chunk frames, so no single frame
 * holds the page up while it is received and decoded; the page decodes and parses the whole in a worker.
 */
export const WIRE_CHUNK_BYTES = 256 * 1024;
const CHUNK_HEADER_BYTES = 12;

/**
 * The chunk frames of a long message's UTF-8 bytes: each is the transfer id, the frame's index and
 * the frame count (unsigned 32-bit, big-endian), then its slice of the bytes. A slice may end inside
 * a character: the bytes are decoded only once they are all together.
 */
export function chunkFrames(transferId: number, bytes: Uint8Array, chunkBytes = WIRE_CHUNK_BYTES): Uint8Array[] {
  const count = Math.max(1, Math.ceil(bytes.length / chunkBytes));
  const frames: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const slice = bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes);
    const frame = new Uint8Array(CHUNK_HEADER_BYTES + slice.length);
    const header = new DataView(frame.buffer);
    header.setUint32(0, transferId);
    header.setUint32(4, index);
    header.setUint32(8, count);
    frame.set(slice, CHUNK_HEADER_BYTES);
    frames.push(frame);
  }
  return frames;
}

export interface ChunkFrame {
  transferId: number;
  index: number;
  count: number;
  bytes: Uint8Array;
}

/** The parts of a binary chunk frame, or undefined when it is not one. */
export function readChunkFrame(frame: Uint8Array): ChunkFrame | undefined {
  if (frame.length < CHUNK_HEADER_BYTES) return undefined;
  const header = new DataView(frame.buffer, frame.byteOffset, CHUNK_HEADER_BYTES);
  const [transferId, index, count] = [header.getUint32(0), header.getUint32(4), header.getUint32(8)];
  if (!(index < count)) return undefined;
  return { transferId, index, count, bytes: frame.subarray(CHUNK_HEADER_BYTES) };
}

/** Collects the chunk frames of long messages, in any order, until each is whole. */
export class ChunkAssembler {
  private readonly transfers = new Map<number, { pieces: Uint8Array[]; received: number }>();

  /** The message's pieces, in order, once its last frame is in; undefined until then. */
  add({ transferId, index, count, bytes }: ChunkFrame): Uint8Array[] | undefined {
    const transfer = this.transfers.get(transferId) ?? { pieces: new Array<Uint8Array>(count), received: 0 };
    this.transfers.set(transferId, transfer);
    if (transfer.pieces[index] === undefined) transfer.received++;
    transfer.pieces[index] = bytes;
    if (transfer.received < count) return undefined;
    this.transfers.delete(transferId);
    return transfer.pieces;
  }

  /** Drops what was half received (the link closed). */
  clear(): void {
    this.transfers.clear();
  }
}
