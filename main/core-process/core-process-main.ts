/**
 * The core's own process: a utilityProcess in the desktop app, a forked Node process in browser
 * mode. A server that crashes or blocks it cannot take the window or the host down with it; its
 * CoreSupervisor sees that and offers a restart.
 */
import { quotingReplyJson, SERIALIZED_REPLY_MIN_CHARS, toWireError, type WireResult } from '../../shared/wire.js';
import { responseTextOf } from '../core/traffic/response-texts.js';
import type { Core } from '../core/core.js';
import { createCore } from '../core/create-core.js';
import { dispatchRequest } from '../core/dispatch.js';
import { withSendableEntries } from '../core/traffic/sendable-entry.js';
import { crossingProblem } from '../core/base/process-crossing.js';
import type { FromCoreProcess, ToCoreProcess } from './messages.js';
import { connectToParent } from './parent-channel.js';
import type { ReplyFile } from '../core/core.js';
import { prepareReplyFolder, replyFolder, writeReplyFile } from './reply-files.js';
import { watchLiveGroups } from '../core/transports/process-tree.js';

const parent = connectToParent();
let replies: string | undefined;
let core: Core | undefined;
let stopping = false;

/**
 * Sends, and when the message cannot be serialized or may not cross (too deep, too large) sends what
 * can be: one bad entry never loses the rest, and a reply that cannot go becomes the sentence why.
 */
function send(message: FromCoreProcess, fallback?: (error: unknown) => FromCoreProcess): void {
  let failure: unknown;
  try {
    parent.send(message);
    return;
  } catch (error) {
    if (!fallback) {
      console.error(`Could not send a ${message.type} message to the window:`, error);
      return;
    }
    failure = error;
  }
  try {
    parent.send(fallback(failure));
  } catch (error) {
    console.error(`Could not send a ${message.type} message to the window, even in part:`, error);
  }
}

/** A reply that could not go as it was: its traffic entries made sendable, else the sentence why it cannot go. */
function unsendableResult(id: number, result: WireResult, failure: unknown): FromCoreProcess {
  if (!result.ok) return failedResponse(id, failure);
  const value = withSendableEntries(result.value);
  const tooDeep = crossingProblem(value, 'The reply\'s contents');
  if (tooDeep) return failedResponse(id, tooDeep);
  try {
    structuredClone(value);
    return { type: 'response', id, result: { ok: true, value } };
  } catch (error) {
    return { type: 'response', id, result: { ok: false, error: { message: `The result could not be passed to the window (${String(error)}).`, code: 'unsendable' } } };
  }
}

function failedResponse(id: number, error: unknown): FromCoreProcess {
  return { type: 'response', id, result: { ok: false, error: toWireError(error) } };
}

async function start(options: Extract<ToCoreProcess, { type: 'start' }>['options']): Promise<void> {
  try {
    core = await createCore({ ...options, acceptProxies: true, warmCheckerAtStart: true });
  } catch (error) {
    send({ type: 'start-failed', error: toWireError(error) });
    process.exit(1);
  }
  replies = usableReplyFolder(replyFolder(options.dataDir));
  // Sent as each server starts: a core killed outright runs no exit hook, so its supervisor stops them.
  watchLiveGroups((pids) => send({ type: 'process-groups', pids }));
  core.subscribe((name, payload) => {
    send({ type: 'event', name, payload }, () => ({ type: 'event', name, payload: withSendableEntries(payload) }));
  });
  send({ type: 'ready' });
}

async function answer(id: number, name: string, params: unknown): Promise<void> {
  const result: WireResult = core
    ? await dispatchRequest(core.handlers, name, params)
    : { ok: false, error: { message: 'The core has not started yet.', code: 'core-starting' } };
  const quoting = result.ok && replies ? quotingReplyFile(replies, result.value) : undefined;
  if (quoting) {
    send({ type: 'response-file', id, file: quoting }, (error) => failedResponse(id, error));
    return;
  }
  // A value is serialized once, here: the host passes its text on; a large one goes as a file.
  const text = result.ok ? jsonOf(result.value) : undefined;
  const file = text !== undefined && text.length >= SERIALIZED_REPLY_MIN_CHARS && replies ? writtenReply(replies, Buffer.from(text, 'utf8')) : undefined;
  if (file) send({ type: 'response-file', id, file }, (error) => failedResponse(id, error));
  else if (text !== undefined) send({ type: 'response-json', id, text }, (error) => failedResponse(id, error));
  else send({ type: 'response', id, result }, (error) => unsendableResult(id, result, error));
}

/** The folder for large replies, emptied; without one, every reply goes over the process channel. */
function usableReplyFolder(folder: string): string | undefined {
  try {
    prepareReplyFolder(folder);
    return folder;
  } catch (error) {
    console.error('Could not prepare the folder for large replies; they go over the process channel:', error);
    return undefined;
  }
}

/** A reply carrying a large server result, written around the server's own response text (see `quotingReplyJson`). */
function quotingReplyFile(folder: string, value: unknown): ReplyFile | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const responseText = responseTextOf((value as { result?: unknown }).result);
  if (responseText === undefined) return undefined;
  let json: string;
  try {
    json = quotingReplyJson(value, responseText);
  } catch {
    return undefined; // The rest of the value does not serialize: the usual path says so.
  }
  return writtenReply(folder, Buffer.from(json, 'utf8'));
}

function writtenReply(folder: string, json: Buffer): ReplyFile | undefined {
  try {
    return writeReplyFile(folder, json);
  } catch (error) {
    console.error('Could not write a large reply to a file; it goes over the process channel:', error);
    return undefined;
  }
}

/** A value's JSON; undefined when it has none (it then goes as a structured clone, which may still carry it). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await core?.dispose().catch((error: unknown) => console.error('The core did not shut down cleanly:', error));
  process.exit(0);
}

parent.onMessage((message) => {
  switch (message.type) {
    case 'start':
      void start(message.options);
      break;
    case 'request':
      void answer(message.id, message.name, message.params);
      break;
    case 'ping':
      send({ type: 'pong', id: message.id });
      break;
    case 'dispose':
      void stop();
      break;
  }
});
parent.onParentGone(() => void stop());
// Ctrl+C in a terminal reaches the whole process group: the supervisor decides when the core stops.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => void stop());
