/**
 * The answers a person gave to "may this collection run?": remembered per folder (its real path)
 * and per content hash in `collection-consent.json`, or for this session only (the CLI's
 * `--trust` and `--allow-…` flags). A folder keeps its latest answer; an edit that changes what
 * the collection starts or reads has another hash, so it is asked again.
 */
import path from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';
import { readJsonFile } from '../base/json-file.js';

export const CONSENT_FILE = 'collection-consent.json';
/** Folders remembered at most; the oldest answer goes first. */
const MAX_FOLDERS = 500;

interface ConsentFile {
  version: 1;
  /** Real folder path → the hash that was allowed. In the order they were allowed. */
  allowed: Record<string, string>;
}

function isHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export class ConsentStore {
  private readonly forSession = new Set<string>();
  private remembered: Map<string, string> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  private get file(): string {
    return path.join(this.dataDir, CONSENT_FILE);
  }

  /** The remembered answers; a file that is not ours is read as none (and moved aside by readJsonFile). */
  private async load(): Promise<Map<string, string>> {
    if (this.remembered) return this.remembered;
    const read = await readJsonFile(this.file);
    const allowed = read.status === 'ok' && typeof read.value === 'object' && read.value !== null ? (read.value as Partial<ConsentFile>).allowed : undefined;
    this.remembered = new Map(Object.entries(typeof allowed === 'object' && allowed !== null ? allowed : {}).filter((entry): entry is [string, string] => isHash(entry[1])));
    return this.remembered;
  }

  async isAllowed(realDir: string, hash: string): Promise<boolean> {
    return this.forSession.has(`${realDir}\0${hash}`) || (await this.load()).get(realDir) === hash;
  }

  async allow(realDir: string, hash: string, remember: boolean): Promise<void> {
    this.forSession.add(`${realDir}\0${hash}`);
    if (!remember) return;
    const remembered = await this.load();
    remembered.delete(realDir);
    remembered.set(realDir, hash);
    while (remembered.size > MAX_FOLDERS) remembered.delete(remembered.keys().next().value!);
    const file: ConsentFile = { version: 1, allowed: Object.fromEntries(remembered) };
    const text = `${JSON.stringify(file, null, 2)}\n`;
    this.writing = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.file, text));
    await this.writing;
  }
}
