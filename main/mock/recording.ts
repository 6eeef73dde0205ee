/**
 * A recorded session as a mock's script: every request the client sent, with the response the
 * server gave it, for one server of the recording. A recording is a JSON Lines file (an export, or
 * `--record`), a saved session of the data folder by its id, or the newest saved session of a
 * `loupe proxy --name NAME`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isObject } from '../../shared/is-object.js';
import { outlineJson } from '../../shared/document/json-outline.js';
import { SESSION_ID_PATTERN, type TrafficEntry } from '../../shared/traffic.js';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH } from '../core/base/message-depth.js';
import { readProxyNames, type ProxyNames } from '../core/traffic/proxy-names.js';
import { TRAFFIC_FOLDER } from '../core/traffic/traffic-sessions.js';

/** A mock holds its recording in memory: larger ones are refused with a sentence. */
const MAX_RECORDING_BYTES = 512 * 1024 * 1024;

export interface RecordedCall {
  /** The request's entry number in the recording (its `seq`). */
  seq: number;
  method: string;
  params: unknown;
  /** The response's `result` or `error`, as the exact text the server sent where the record has it. */
  reply?: { field: 'result' | 'error'; text: string };
}

export interface Recording {
  /** Where it came from, for messages. */
  source: string;
  serverId: string;
  calls: RecordedCall[];
  /** What had to be left out or changed to serve it, for the sentences the mock prints. */
  notes: RecordingNotes;
}

export interface RecordingNotes {
  /** Requests (their `seq`) nested more than MAX_MESSAGE_DEPTH levels deep: not served. */
  tooDeep: number[];
  /** Replies whose recorded text was not one JSON-RPC message on one line: served re-serialized on one line. */
  reencoded: number;
  /** Replies (their request's `seq`) whose recorded text could not be read as JSON: not served. */
  unreadable: number[];
}

export class RecordingError extends Error {}

type ReplyText = { text: string; reencoded: boolean } | undefined;

/** True when `raw` is one JSON-RPC message with `field`, on one line: such a text is replayed byte for byte. */
function isSingleLineFrame(raw: string, field: 'result' | 'error'): boolean {
  if (/[\r\n]/.test(raw)) return false;
  try {
    const value: unknown = JSON.parse(raw);
    return isObject(value) && value.jsonrpc === '2.0' && field in value;
  } catch {
    return false;
  }
}

/** `value[field]` as JSON on one line; undefined when there is none or it cannot be serialized. */
function serializedField(value: unknown, field: 'result' | 'error'): string | undefined {
  if (!isObject(value) || !(field in value)) return undefined;
  try {
    return JSON.stringify(value[field]);
  } catch {
    return undefined;
  }
}

/**
 * The text of a reply's top-level `result` or `error`. A raw text that is one JSON-RPC message on
 * one line gives its exact bytes; any other raw text is parsed and re-serialized on one line, since
 * a line break in it would split the reply into several stdio frames (one of them, say, a request
 * the recording's server never sent). Without a raw text, the entry's parsed message is serialized.
 */
function replyText(entry: TrafficEntry, field: 'result' | 'error'): ReplyText {
  if (entry.raw === undefined) {
    const text = serializedField(entry.message, field);
    return text === undefined ? undefined : { text, reencoded: false };
  }
  if (isSingleLineFrame(entry.raw, field)) {
    const outline = outlineJson(entry.raw);
    const index = outline?.keys?.indexOf(field) ?? -1;
    if (outline && index >= 0) return { text: entry.raw.slice(outline.spans[index * 2], outline.spans[index * 2 + 1]), reencoded: false };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(entry.raw);
  } catch {
    return undefined;
  }
  const text = serializedField(parsed, field);
  return text === undefined ? undefined : { text, reencoded: true };
}

async function readBounded(file: string): Promise<string> {
  const info = await stat(file);
  if (info.size > MAX_RECORDING_BYTES) throw new RecordingError(`${file} is larger than ${MAX_RECORDING_BYTES / 1024 / 1024} MB: a mock keeps its recording in memory.`);
  return readFile(file, 'utf8');
}

async function sessionText(folder: string): Promise<string> {
  const segments = (await readdir(folder)).filter((name) => /^\d{6}\.jsonl$/.test(name)).sort();
  let text = '';
  for (const segment of segments) {
    text += await readBounded(path.join(folder, segment));
    if (text.length > MAX_RECORDING_BYTES) throw new RecordingError(`The saved session ${path.basename(folder)} is larger than ${MAX_RECORDING_BYTES / 1024 / 1024} MB: a mock keeps its recording in memory.`);
  }
  return text;
}

/** The `--name` of the proxy that wrote a saved session of its own (the app was not running). */
async function ownProxyName(folder: string): Promise<string | undefined> {
  try {
    const file = JSON.parse(await readFile(path.join(folder, 'session.json'), 'utf8')) as { proxied?: { name?: unknown } };
    return typeof file.proxied?.name === 'string' ? file.proxied.name : undefined;
  } catch {
    return undefined; // no session.json: not a proxy's
  }
}

/** A saved session to serve, and (when it is the app's) the server id a proxy's traffic has there. */
interface SavedRecording {
  id: string;
  proxyServerId?: string;
}

/**
 * The newest saved session of a `loupe proxy --name NAME`: its own session (the app was not
 * running), or the app's session it was recorded in (the app's proxies.json names its server id).
 */
async function proxySessionNamed(root: string, name: string): Promise<SavedRecording | undefined> {
  let ids: string[];
  try {
    ids = (await readdir(root)).filter((id) => SESSION_ID_PATTERN.test(id)).sort().reverse();
  } catch {
    return undefined;
  }
  for (const id of ids) {
    if ((await ownProxyName(path.join(root, id))) === name) return { id };
    const linked = [...(await readProxyNames(path.join(root, id)))].filter(([, linkedName]) => linkedName === name);
    if (linked.length > 0) return { id, proxyServerId: linked.at(-1)![0] };
  }
  return undefined;
}

/** The recording's text: a file, a saved session id, or a proxy session's name; with the names of the proxies the app recorded there. */
async function recordingText(spec: string, dataDir: string): Promise<{ text: string; source: string; proxyNames: ProxyNames; ownProxyName?: string; proxyServerId?: string }> {
  const info = await stat(spec).catch(() => undefined);
  if (info?.isFile()) return { text: await readBounded(spec), source: spec, proxyNames: new Map() };
  const root = path.join(dataDir, TRAFFIC_FOLDER);
  const saved = SESSION_ID_PATTERN.test(spec) ? { id: spec } : await proxySessionNamed(root, spec);
  if (saved !== undefined) {
    const folder = path.join(root, saved.id);
    if (await stat(folder).catch(() => undefined)) {
      const own = await ownProxyName(folder);
      return {
        text: await sessionText(folder),
        source: `saved session ${saved.id}`,
        proxyNames: await readProxyNames(folder),
        ...(own !== undefined ? { ownProxyName: own } : {}),
        ...(saved.proxyServerId ? { proxyServerId: saved.proxyServerId } : {}),
      };
    }
  }
  throw new RecordingError(`"${spec}" is neither a recording file, nor a saved session in ${root}, nor the name of a loupe proxy session saved there.`);
}

/** The server whose calls to serve: the one given (by id, or a name `names` resolves), else the only one the recording has. */
function chooseServer(entries: TrafficEntry[], wanted: string | undefined, names: ReadonlyMap<string, string>): string {
  const servers = [...new Set(entries.filter((entry) => entry.kind === 'request' && entry.direction === 'out').map((entry) => entry.serverId))];
  const label = (id: string) => (names.has(id) ? `"${names.get(id)}" (${id})` : id);
  if (wanted !== undefined) {
    const byId = servers.find((id) => id === wanted);
    const byName = servers.filter((id) => names.get(id)?.toLowerCase() === wanted.toLowerCase());
    if (byId) return byId;
    if (byName.length === 1) return byName[0]!;
    throw new RecordingError(`The recording has no server ${wanted}; it has ${servers.map(label).join(', ') || 'no requests at all'}.`);
  }
  if (servers.length === 1) return servers[0]!;
  if (servers.length === 0) throw new RecordingError('The recording has no request from a client to serve.');
  throw new RecordingError(`The recording holds ${servers.length} servers: pick one with --server (${servers.map(label).join(', ')}).`);
}

export async function loadRecording(spec: string, options: { dataDir: string; server?: string; serverNames?: ReadonlyMap<string, string> }): Promise<Recording> {
  const { text, source, proxyNames, ownProxyName: ownName, proxyServerId } = await recordingText(spec, options.dataDir);
  const parsed = parseTrafficJsonl(text);
  if (parsed.entries.length === 0) {
    const first = parsed.errors[0];
    throw new RecordingError(`${source} holds no traffic entries${first ? ` (line ${first.line}: ${first.message})` : ''}.`);
  }
  const names = new Map([...(options.serverNames ?? []), ...proxyNames]);
  // A proxy's own session records its one server under a proxy-… id: it goes by the proxy's name.
  if (ownName !== undefined) for (const entry of parsed.entries) if (!names.has(entry.serverId)) names.set(entry.serverId, ownName);
  const serverId = chooseServer(parsed.entries, options.server ?? proxyServerId, names);
  const requests = new Map<number, RecordedCall>();
  const calls: RecordedCall[] = [];
  const notes: RecordingNotes = { tooDeep: [], reencoded: 0, unreadable: [] };
  for (const entry of parsed.entries) {
    if (entry.serverId !== serverId) continue;
    if (entry.kind === 'request' && entry.direction === 'out' && entry.method !== undefined && isObject(entry.message)) {
      // Matching copies and compares params recursively: a deeper request would overflow the stack.
      if (exceedsDepth(entry.message)) {
        notes.tooDeep.push(entry.seq);
        continue;
      }
      const call: RecordedCall = { seq: entry.seq, method: entry.method, params: entry.message.params };
      requests.set(entry.seq, call);
      calls.push(call);
    } else if ((entry.kind === 'response' || entry.kind === 'error') && entry.direction === 'in' && entry.requestSeq !== undefined) {
      const call = requests.get(entry.requestSeq);
      if (!call) continue;
      const field = entry.kind === 'response' ? 'result' : 'error';
      const reply = replyText(entry, field);
      if (reply === undefined) {
        if (entry.raw !== undefined) notes.unreadable.push(call.seq);
        continue;
      }
      if (reply.reencoded) notes.reencoded++;
      call.reply = { field, text: reply.text };
    }
  }
  const unreadable = new Set(notes.unreadable);
  return { source, serverId, calls: calls.filter((call) => !unreadable.has(call.seq)), notes };
}

/** One sentence per thing the mock leaves out or changes in `recording`, for stderr. */
export function recordingNoteSentences(recording: Recording): string[] {
  const { tooDeep, reencoded, unreadable } = recording.notes;
  const seqs = (list: number[]) => `${list.slice(0, 10).join(', #')}${list.length > 10 ? ` and ${list.length - 10} more` : ''}`;
  const sentences: string[] = [];
  if (tooDeep.length > 0) sentences.push(`loupe mock: ${tooDeep.length === 1 ? 'request' : `${tooDeep.length} requests`} #${seqs(tooDeep)} of ${recording.source} ${tooDeep.length === 1 ? 'is' : 'are'} nested more than ${MAX_MESSAGE_DEPTH} levels deep, so the mock does not serve ${tooDeep.length === 1 ? 'it' : 'them'}.`);
  if (reencoded > 0) sentences.push(`loupe mock: ${reencoded} ${reencoded === 1 ? 'reply' : 'replies'} of ${recording.source} ${reencoded === 1 ? 'was' : 'were'} not one JSON-RPC message on one line, so the mock serves ${reencoded === 1 ? 'it' : 'them'} re-serialized on one line.`);
  if (unreadable.length > 0) sentences.push(`loupe mock: the ${unreadable.length === 1 ? 'reply' : 'replies'} to request #${seqs(unreadable)} of ${recording.source} ${unreadable.length === 1 ? 'is' : 'are'} not JSON, so the mock does not serve ${unreadable.length === 1 ? 'that request' : 'those requests'}.`);
  return sentences;
}
