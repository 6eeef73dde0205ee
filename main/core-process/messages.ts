/** What a core process and its supervisor say to each other. Both ends are Loupe's own code. */
import type { WireError, WireResult } from '../../shared/wire.js';
import type { CreateCoreOptions } from '../core/create-core.js';
import type { ReplyFile } from '../core/core.js';

export type ToCoreProcess =
  /** The first message: the process creates its core with these options (plain data). */
  | { type: 'start'; options: CreateCoreOptions }
  | { type: 'request'; id: number; name: string; params: unknown }
  /** The heartbeat: a core whose event loop is blocked does not answer. */
  | { type: 'ping'; id: number }
  /** Disconnect every server, flush, then exit. */
  | { type: 'dispose' };

export type FromCoreProcess =
  | { type: 'ready' }
  | { type: 'start-failed'; error: WireError }
  | { type: 'response'; id: number; result: WireResult }
  /** A value as its JSON text. */
  | { type: 'response-json'; id: number; text: string }
  /** A large value, serialized into a file (see reply-files.ts). */
  | { type: 'response-file'; id: number; file: ReplyFile }
  | { type: 'event'; name: string; payload: unknown }
  /** The process groups of the servers it runs, after every change: the supervisor kills them if the core dies. */
  | { type: 'process-groups'; pids: number[] }
  | { type: 'pong'; id: number };
