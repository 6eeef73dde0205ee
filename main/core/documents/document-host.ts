/**
 * The core's side of its document thread: holds long texts there, and opens and asks documents
 * of them for the page (`documents.*` in the contract).
 */
import { randomInt } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { DocumentInfo } from '../../../shared/document/document-core.js';
import type { DocumentCommand, DocumentReplyValue, HeldDocumentCommand, OpenedDocument } from '../../../shared/document/document-protocol.js';
import { NO_LONGER_KEPT } from '../../../shared/document/prepared-texts.js';
import { workerFile } from '../base/worker-file.js';
import type { FromDocumentThread, ToDocumentThread } from './document-thread-protocol.js';
import { MAX_OPEN_DOCUMENTS } from './held-text-limits.js';
import { Latin1Handoff } from './latin1-handoff.js';

type Pending = { resolve(value: DocumentReplyValue): void; reject(error: Error): void };

export class DocumentHost {
  private thread: Worker | undefined;
  /**
   * Keys start at random, so a page still showing results of an earlier core process (restarted)
   * never names one of this process's texts by chance.
   */
  private nextKey = 1 + randomInt(2 ** 47);
  /** Keys below this were held by a thread that has since stopped: they are gone at once, not awaited. */
  private firstKeyOfThread = this.nextKey;
  private nextRequestId = 1;
  private nextDocumentId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Open documents, oldest first. */
  private readonly openDocuments: number[] = [];
  private readonly handoff = new Latin1Handoff();

  /** Keeps a text in the document thread, where it is prepared at once; returns its key. Throws when the thread cannot start. */
  hold(text: string): number {
    const thread = this.ensureThread();
    const key = this.nextKey++;
    const shared = this.handoff.write(text);
    thread.postMessage((shared ? { holdLatin1: { key, ...shared } } : { hold: { key, text } }) satisfies ToDocumentThread);
    return key;
  }

  async open(key: number): Promise<OpenedDocument> {
    const documentId = this.nextDocumentId++;
    const info = (await this.request(documentId, { type: 'openShared', key }, key)) as DocumentInfo;
    this.openDocuments.push(documentId);
    while (this.openDocuments.length > MAX_OPEN_DOCUMENTS) void this.command(this.openDocuments[0]!, { type: 'close' }).catch(() => {});
    return { documentId, info };
  }

  command(documentId: number, command: HeldDocumentCommand): Promise<DocumentReplyValue> {
    if (command.type === 'close') {
      const index = this.openDocuments.indexOf(documentId);
      if (index >= 0) this.openDocuments.splice(index, 1);
    }
    return this.request(documentId, command);
  }

  async text(key: number): Promise<string> {
    return (await this.request(0, { type: 'sharedText', key }, key)) as string;
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.stopped(thread, 'Loupe is shutting down');
    await thread?.terminate();
  }

  private request(documentId: number, command: DocumentCommand, key?: number): Promise<DocumentReplyValue> {
    // A key this thread never had (an earlier thread's or process's) is gone at once.
    if (key !== undefined && (key < this.firstKeyOfThread || key >= this.nextKey)) return Promise.reject(new Error(NO_LONGER_KEPT));
    let thread: Worker;
    try {
      thread = this.ensureThread();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const requestId = this.nextRequestId++;
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      thread.postMessage({ requestId, documentId, command } satisfies ToDocumentThread);
    });
  }

  private ensureThread(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(workerFile(new URL('./document-thread.js', import.meta.url)));
    thread.on('message', (reply: FromDocumentThread) => {
      if ('released' in reply) {
        this.handoff.released();
        return;
      }
      const pending = this.pending.get(reply.requestId);
      if (!pending) return;
      this.pending.delete(reply.requestId);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new Error(reply.message));
    });
    thread.on('error', (error) => this.stopped(thread, `the document thread failed: ${error.message}`));
    thread.on('exit', () => this.stopped(thread, 'the document thread stopped'));
    thread.unref();
    this.thread = thread;
    this.firstKeyOfThread = this.nextKey;
    return thread;
  }

  /** The thread is gone, and with it every text and document it held. */
  private stopped(thread: Worker | undefined, reason: string): void {
    if (!thread || this.thread !== thread) return;
    this.thread = undefined;
    this.firstKeyOfThread = this.nextKey;
    this.openDocuments.length = 0;
    this.handoff.reset();
    const error = new Error(`${NO_LONGER_KEPT} (${reason})`);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
