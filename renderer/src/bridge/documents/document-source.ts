/**
 * The main thread's handle on a document. Small documents live here (every call answers at
 * once); large ones live in the page's document worker, and held texts in the core's document
 * thread. Their rows and segments arrive in windows as the view scrolls. Views read through
 * `row()`/`segment()` and re-render when `version` moves.
 */
import type { LongTextShare } from '../parse-off-thread';
import type { Bridge } from '../types';
import type { HeldText } from '../../../../shared/mcp';
import { DocumentCore, type DocumentInfo, type DocumentInput } from '../../../../shared/document/document-core';
import { LARGE_TEXT_CHARS } from '../../../../shared/document/large-text';
import type { DocumentCommand, DocumentReply, DocumentReplyValue, DocumentRequest, HeldDocumentCommand } from '../../../../shared/document/document-protocol';
import type { DocumentWorkerMessage } from './document.worker';
import { SharedTextKeys } from './shared-text-keys';
import type { TreeRow } from '../../../../shared/document/json-tree-model';
import type { TextSegment } from '../../../../shared/document/text-segments';

/** What a view shows: a text or value here, or a long text the core holds (see `HeldText`). */
export type ViewInput = DocumentInput | { kind: 'held'; held: HeldText };
/**
 * Large texts go to the worker in pieces, one per task: copying 20 MB into one message blocks
 * the main thread for a few hundred milliseconds, a 1 MB piece for a few.
 */
const CHUNK_CHARS = 1 << 20;
/** Rows fetched around a missing window, so small scrolls need no round trip. */
const FETCH_MARGIN = 150;
const MAX_CACHED = 20_000;

export interface DocumentSource {
  /** Null while a worker document is being opened. */
  readonly info: DocumentInfo | null;
  readonly error: string | null;
  /** Moves on every change a view must show. */
  readonly version: number;
  row: (index: number) => TreeRow | undefined;
  segment: (index: number) => TextSegment | undefined;
  /** Asks for the rows (or segments) in [start, end); they arrive with a version change. */
  ensureRows: (start: number, end: number) => void;
  ensureSegments: (start: number, end: number) => void;
  /** Makes the raw text of a value available (pretty-printing waits until it is wanted). */
  prepareRaw: () => void;
  toggle: (index: number) => void;
  expandAll: (index: number) => void;
  collapseAll: () => void;
  parentIndex: (index: number) => Promise<number>;
  pointer: (index: number) => Promise<string>;
  copyText: (index?: number) => Promise<string>;
  /** The whole raw text when it is here and prepared (small documents), else null. */
  text: () => string | null;
  subscribe: (listener: () => void) => () => void;
  /** Keeps the document open until the returned release is called (a view retains it while mounted). */
  retain: () => () => void;
  close: () => void;
}

/** A document nobody retains within this time is closed (e.g. one made by a discarded render). */
const UNRETAINED_CLOSE_MS = 2000;

type Pending = { resolve(value: DocumentReplyValue): void; reject(error: Error): void };

/** One worker for every large document; replaced by main-thread documents if it cannot start. */
class WorkerLink {
  private worker: Worker | null = null;
  private broken = false;
  private nextRequestId = 1;
  private readonly pending = new Map<number, Pending>();

  available(): boolean {
    if (this.broken) return false;
    if (this.worker) return true;
    try {
      this.worker = new Worker(new URL('./document.worker.ts', import.meta.url), { type: 'module', name: 'loupe-documents' });
    } catch (error) {
      console.warn('The document worker could not start; large results are handled on the main thread.', error);
      this.broken = true;
      return false;
    }
    this.worker.onmessage = (event: MessageEvent<DocumentReply>) => {
      const reply = event.data;
      const pending = this.pending.get(reply.requestId);
      if (!pending) return;
      this.pending.delete(reply.requestId);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new Error(reply.message));
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.broken = true;
      const error = new Error(`The document worker failed: ${event.message || 'it could not be loaded'}`);
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      this.worker?.terminate();
      this.worker = null;
    };
    return true;
  }

  /** A port whose messages (`SharedLongText`) go straight to the worker; null when it cannot run. */
  openTextPort(): MessagePort | null {
    if (!this.available() || !this.worker) return null;
    const channel = new MessageChannel();
    this.worker.postMessage({ textPort: channel.port2 } satisfies DocumentWorkerMessage, [channel.port2]);
    return channel.port1;
  }

  send(documentId: number, command: DocumentCommand): Promise<DocumentReplyValue> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('The document worker is not running.'));
    const requestId = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      const request: DocumentRequest = { requestId, documentId, command };
      worker.postMessage(request);
    });
  }
}

const workerLink = new WorkerLink();

const sharedTexts = new SharedTextKeys();

/** Lets the reply parser send long texts straight to the document worker (see shared/document/prepared-texts.ts). */
export const longTextShare: LongTextShare = {
  openPort: () => workerLink.openTextPort(),
  joined: (text, key) => sharedTexts.add(text, key),
};

/** Opens a text in the worker: the copy it was already sent when there is one, else sent in pieces. */
async function openText(documentId: number, text: string): Promise<DocumentReplyValue> {
  const key = sharedTexts.keyOf(text);
  if (key !== undefined) {
    try {
      return await workerLink.send(documentId, { type: 'openShared', key });
    } catch {
      // No longer kept there: send it.
    }
  }
  return openChunked(documentId, text);
}

/** Resolves in a new task, letting the page paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Sends a text to the worker in pieces, then opens it. */
async function openChunked(documentId: number, text: string): Promise<DocumentReplyValue> {
  for (let start = 0; start < text.length; start += CHUNK_CHARS) {
    await nextTask();
    void workerLink.send(documentId, { type: 'chunk', text: text.slice(start, start + CHUNK_CHARS) });
  }
  return workerLink.send(documentId, { type: 'open', input: { kind: 'text', text: '' }, chunked: true });
}
let nextDocumentId = 1;

abstract class BaseSource implements DocumentSource {
  info: DocumentInfo | null = null;
  error: string | null = null;
  version = 0;
  private readonly listeners = new Set<() => void>();
  private retainers = 0;

  constructor() {
    setTimeout(() => this.closeIfUnretained(), UNRETAINED_CLOSE_MS);
  }

  private closeIfUnretained() {
    if (this.retainers === 0) this.close();
  }

  retain(): () => void {
    this.retainers++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.retainers--;
      // A remount (StrictMode, a moved view) retains again before this runs.
      setTimeout(() => this.closeIfUnretained(), 0);
    };
  }

  protected changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  abstract row(index: number): TreeRow | undefined;
  abstract segment(index: number): TextSegment | undefined;
  abstract ensureRows(start: number, end: number): void;
  abstract ensureSegments(start: number, end: number): void;
  abstract prepareRaw(): void;
  abstract toggle(index: number): void;
  abstract expandAll(index: number): void;
  abstract collapseAll(): void;
  abstract parentIndex(index: number): Promise<number>;
  abstract pointer(index: number): Promise<string>;
  abstract copyText(index?: number): Promise<string>;
  abstract text(): string | null;
  abstract close(): void;
}

class LocalSource extends BaseSource {
  private readonly core: DocumentCore;

  constructor(input: DocumentInput) {
    super();
    this.core = new DocumentCore(input);
    this.info = this.core.info();
  }

  row(index: number) {
    return this.core.rows(index, index + 1)[0];
  }
  segment(index: number) {
    return this.core.segments(index, index + 1)[0];
  }
  ensureRows() {}
  ensureSegments() {}
  prepareRaw() {
    if (this.info?.raw) return;
    this.info = this.core.prepareRaw();
    this.changed();
  }
  private afterTreeChange(rowCount: number) {
    if (this.info) this.info = { ...this.info, rowCount };
    this.changed();
  }
  toggle(index: number) {
    this.afterTreeChange(this.core.toggle(index));
  }
  expandAll(index: number) {
    this.afterTreeChange(this.core.expandAll(index));
  }
  collapseAll() {
    this.afterTreeChange(this.core.collapseAll());
  }
  parentIndex(index: number) {
    return Promise.resolve(this.core.parentIndex(index));
  }
  pointer(index: number) {
    return Promise.resolve(this.core.pointer(index));
  }
  copyText(index?: number) {
    return Promise.resolve(this.core.copyText(index));
  }
  text() {
    return this.core.rawText();
  }
  close() {}
}

/** Sends one command to a document that lives elsewhere (the page's worker or the core). */
type SendCommand = (command: HeldDocumentCommand) => Promise<DocumentReplyValue>;

/** A document elsewhere, seen through a window cache: rows keyed by index, dropped whenever the tree changes shape. */
class RemoteSource extends BaseSource {
  private rows = new Map<number, TreeRow>();
  private readonly segments = new Map<number, TextSegment>();
  /** Bumped when the tree changes shape, so replies for the old shape are dropped. */
  private treeShape = 0;
  private rowsInFlight: string | null = null;
  private segmentsInFlight: string | null = null;
  private closed = false;

  constructor(
    opening: Promise<DocumentReplyValue>,
    private readonly send: SendCommand,
  ) {
    super();
    opening
      .then((info) => {
        this.info = info as DocumentInfo;
        this.changed();
        if (this.info.checking) this.awaitCheck();
      })
      .catch((error: unknown) => this.fail(error));
  }

  /** A tree shown before its whole text was checked: once it is, the info says whether it stays. */
  private awaitCheck() {
    this.send({ type: 'check' })
      .then((value) => {
        if (this.closed) return;
        const info = value as DocumentInfo;
        if (!info.tree) {
          this.treeShape++;
          this.rows = new Map();
          this.rowsInFlight = null;
        }
        this.info = info;
        this.changed();
      })
      .catch((error: unknown) => this.fail(error));
  }

  private fail(error: unknown) {
    if (this.closed) return;
    this.error = error instanceof Error ? error.message : String(error);
    this.changed();
  }

  row(index: number) {
    return this.rows.get(index);
  }
  segment(index: number) {
    return this.segments.get(index);
  }

  private missingRange(cache: Map<number, unknown>, start: number, end: number, count: number): [number, number] | null {
    let first = -1;
    let last = -1;
    for (let index = Math.max(0, start); index < Math.min(end, count); index++) {
      if (cache.has(index)) continue;
      if (first < 0) first = index;
      last = index;
    }
    if (first < 0) return null;
    return [Math.max(0, first - FETCH_MARGIN), Math.min(count, last + 1 + FETCH_MARGIN)];
  }

  ensureRows(start: number, end: number) {
    if (!this.info || this.closed) return;
    const range = this.missingRange(this.rows, start, end, this.info.rowCount);
    if (!range) return;
    const key = `${this.treeShape}:${range[0]}:${range[1]}`;
    if (this.rowsInFlight === key) return;
    this.rowsInFlight = key;
    const shape = this.treeShape;
    this.send({ type: 'rows', start: range[0], end: range[1] })
      .then((rows) => {
        if (this.rowsInFlight === key) this.rowsInFlight = null;
        if (shape !== this.treeShape || this.closed) return;
        if (this.rows.size > MAX_CACHED) this.rows = new Map();
        (rows as TreeRow[]).forEach((row, offset) => this.rows.set(range[0] + offset, row));
        this.changed();
      })
      .catch((error: unknown) => this.fail(error));
  }

  ensureSegments(start: number, end: number) {
    const raw = this.info?.raw;
    if (!raw || this.closed) return;
    const range = this.missingRange(this.segments, start, end, raw.segmentCount);
    if (!range) return;
    const key = `${range[0]}:${range[1]}`;
    if (this.segmentsInFlight === key) return;
    this.segmentsInFlight = key;
    this.send({ type: 'segments', start: range[0], end: range[1] })
      .then((segments) => {
        if (this.segmentsInFlight === key) this.segmentsInFlight = null;
        if (this.closed) return;
        if (this.segments.size > MAX_CACHED) this.segments.clear();
        (segments as TextSegment[]).forEach((segment, offset) => this.segments.set(range[0] + offset, segment));
        this.changed();
      })
      .catch((error: unknown) => this.fail(error));
  }

  prepareRaw() {
    if (this.info?.raw || this.closed) return;
    this.send({ type: 'raw' })
      .then((info) => {
        this.info = info as DocumentInfo;
        this.changed();
      })
      .catch((error: unknown) => this.fail(error));
  }

  private reshaping = false;

  private reshape(command: HeldDocumentCommand) {
    // Indexes refer to the shape on screen: ignore clicks until the last change has landed.
    if (this.closed || this.reshaping) return;
    this.reshaping = true;
    this.send(command)
      .finally(() => {
        this.reshaping = false;
      })
      .then((rowCount) => {
        // The tree changed shape: every cached row may now be a different node.
        this.treeShape++;
        this.rows = new Map();
        this.rowsInFlight = null;
        if (this.info) this.info = { ...this.info, rowCount: rowCount as number };
        this.changed();
      })
      .catch((error: unknown) => this.fail(error));
  }
  toggle(index: number) {
    this.reshape({ type: 'toggle', index });
  }
  expandAll(index: number) {
    this.reshape({ type: 'expandAll', index });
  }
  collapseAll() {
    this.reshape({ type: 'collapseAll' });
  }
  parentIndex(index: number) {
    return this.send({ type: 'parent', index }) as Promise<number>;
  }
  pointer(index: number) {
    return this.send({ type: 'pointer', index }) as Promise<string>;
  }
  copyText(index?: number) {
    return this.send({ type: 'copy', ...(index === undefined ? {} : { index }) }) as Promise<string>;
  }
  text() {
    return null;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    void this.send({ type: 'close' }).catch(() => {});
  }
}

export interface OpenOptions {
  /** Keep it on the main thread (the fallback when the worker cannot run). */
  local?: boolean;
  /** A value's approximate size in bytes (values have no length to measure cheaply). */
  sizeHint?: number;
}

/** The part of the bridge a held document needs. */
export type DocumentApi = Pick<Bridge, 'invoke'>;

/** Opens a document where it belongs: a held text in the core, large ones in the worker, everything else here. */
export function openDocument(input: ViewInput, api: DocumentApi, options: OpenOptions = {}): DocumentSource {
  if (input.kind === 'held') return openHeld(input.held, api);
  const size = input.kind === 'text' ? input.text.length : (options.sizeHint ?? 0);
  const large = size >= LARGE_TEXT_CHARS;
  if (large && !options.local && workerLink.available()) return openInWorker(input);
  return new LocalSource(input);
}

function openInWorker(input: DocumentInput): DocumentSource {
  const id = nextDocumentId++;
  const opening = input.kind === 'text' ? openText(id, input.text) : workerLink.send(id, { type: 'open', input });
  return new RemoteSource(opening, (command) => workerLink.send(id, command));
}

function openHeld(held: HeldText, api: DocumentApi): DocumentSource {
  const opened = api.invoke('documents.open', { key: held.key });
  return new RemoteSource(
    opened.then(({ info }) => info),
    async (command) => api.invoke('documents.command', { documentId: (await opened).documentId, command }),
  );
}
