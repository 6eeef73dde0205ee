import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionView, RequestRun } from '../../shared/collections.js';
import { prepareAllowed, runAllowed, FIXTURE_SERVER, startCore, type TestCore } from './helpers.js';

/**
 * A collection is someone's repository: a symbolic link in it must not lead Loupe's reads or
 * writes outside it (issue 38, finding 2), and what Loupe writes is private to the user.
 */
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const modeOf = (file: string) => statSync(file).mode & 0o777;
const posixModes = process.platform !== 'win32';

function write(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** A collection of one request with a snapshot check, on the fixture server. */
function collection(): string {
  const dir = temp('loupe-paths-');
  write(
    dir,
    'collection.yaml',
    `loupe: 1\nname: Paths\nservers:\n  fixture:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FIXTURE_SERVER)}, --surface, v1]\n`,
  );
  write(dir, 'add.yaml', 'tool: add\narguments: { a: 2, b: 3 }\nchecks:\n  - snapshot: {}\n');
  return dir;
}

function snapshotCheck(run: RequestRun | undefined) {
  return run?.checks.find((check) => check.label === 'result matches its snapshot');
}

describe('collection paths: links are not followed, and what Loupe writes is private', () => {
  let test: TestCore;

  beforeAll(async () => {
    test = await startCore();
  });

  afterAll(async () => {
    await test?.core.dispose();
  });

  const open = (dir: string): Promise<CollectionView> => test.core.handlers['collections.open']({ dir });

  it('a snapshots/ folder linked outside: --update-snapshots writes nothing there and says why', async () => {
    const dir = collection();
    const outside = temp('loupe-outside-');
    symlinkSync(outside, join(dir, 'snapshots'));
    const view = await open(dir);
    const report = await runAllowed(test.core.handlers, { collectionId: view.id, updateSnapshots: true });
    const check = snapshotCheck(report.requests[0]);
    expect(check?.passed).toBe(false);
    expect(check?.message).toBe(`snapshots/add.json is not used: snapshots is a symbolic link (to ${outside}), and Loupe follows no links in a collection folder.`);
    expect(readdirSync(outside)).toEqual([]);
  }, 30_000);

  it('accepting a snapshot through a linked snapshots/ folder, or with "..", writes nothing outside', async () => {
    const dir = collection();
    const outside = temp('loupe-outside-');
    const view = await open(dir);
    await runAllowed(test.core.handlers, { collectionId: view.id });
    symlinkSync(outside, join(dir, 'snapshots'));
    await expect(test.core.handlers['collections.acceptSnapshot']({ collectionId: view.id, path: 'add.yaml' })).rejects.toThrow(
      `snapshots/add.json is not used: snapshots is a symbolic link (to ${outside}), and Loupe follows no links in a collection folder.`,
    );
    await expect(test.core.handlers['collections.acceptSnapshot']({ collectionId: view.id, path: '../../escape.yaml' })).rejects.toThrow(
      '"snapshots/../../escape.json" is outside the collection folder, so Loupe does not read or write it.',
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(dir, '..', 'escape.json'))).toBe(false);
  }, 30_000);

  it('a baseline that is a link to a file outside is refused, and its text appears nowhere', async () => {
    const dir = collection();
    const secret = join(temp('loupe-outside-'), 'passwd');
    writeFileSync(secret, 'root:x:0:0:MARKER-OUTSIDE-FILE');
    mkdirSync(join(dir, 'snapshots'));
    symlinkSync(secret, join(dir, 'snapshots', 'add.json'));
    const view = await open(dir);
    const report = await runAllowed(test.core.handlers, { collectionId: view.id });
    const check = snapshotCheck(report.requests[0]);
    expect(check?.passed).toBe(false);
    expect(check?.message).toBe(`snapshots/add.json is not used: snapshots/add.json is a symbolic link (to ${secret}), and Loupe follows no links in a collection folder.`);
    const diff = test.core.handlers['diffs.open']({ before: { kind: 'snapshot', collectionId: view.id, path: 'add.yaml' }, after: { kind: 'run', collectionId: view.id, path: 'add.yaml', which: 'last' } });
    await expect(diff).rejects.toThrow(/snapshots\/add\.json is a symbolic link/);
    expect(JSON.stringify(report)).not.toContain('MARKER-OUTSIDE-FILE');
    expect(JSON.stringify(await diff.catch((error: Error) => error.message))).not.toContain('MARKER-OUTSIDE-FILE');
  }, 30_000);

  it('a link planted as the baseline file name is not followed, whether or not its target exists', async () => {
    const dir = collection();
    const outside = join(dir, '..', `${dir.split('/').pop()}-outside.json`);
    mkdirSync(join(dir, 'snapshots'));
    symlinkSync(`../../${dir.split('/').pop()}-outside.json`, join(dir, 'snapshots', 'add.json'));
    const view = await open(dir);
    const dangling = await runAllowed(test.core.handlers, { collectionId: view.id, updateSnapshots: true });
    expect(snapshotCheck(dangling.requests[0])?.message).toMatch(/^snapshots\/add\.json is not used: snapshots\/add\.json is a symbolic link/);
    expect(existsSync(outside)).toBe(false);

    writeFileSync(outside, 'untouched');
    const existing = await runAllowed(test.core.handlers, { collectionId: view.id, updateSnapshots: true });
    expect(snapshotCheck(existing.requests[0])?.message).toMatch(/^snapshots\/add\.json is not used: snapshots\/add\.json is a symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    expect(lstatSync(join(dir, 'snapshots', 'add.json')).isSymbolicLink()).toBe(true);
  }, 30_000);

  it('a surfaces/ folder linked outside: saving a capability snapshot writes nothing there', async () => {
    const dir = collection();
    const outside = temp('loupe-outside-');
    symlinkSync(outside, join(dir, 'surfaces'));
    writeFileSync(join(outside, 'there.json'), '{"loupeSurface": 1, "MARKER": "OUTSIDE"}');
    const view = await open(dir);
    const ids = await prepareAllowed(test.core.handlers, { collectionId: view.id });
    await test.core.handlers['connections.connect']({ serverId: ids.fixture! });
    await expect(test.core.handlers['surfaces.save']({ collectionId: view.id, serverId: ids.fixture!, name: 'fixture' })).rejects.toThrow(
      `surfaces/fixture.json is not used: surfaces is a symbolic link (to ${outside}), and Loupe follows no links in a collection folder.`,
    );
    await expect(test.core.handlers['surfaces.changedSince']({ collectionId: view.id, serverId: ids.fixture!, name: 'there' })).rejects.toThrow(/surfaces is a symbolic link/);
    expect(readdirSync(outside)).toEqual(['there.json']);
  }, 30_000);

  it('a request read or saved through a linked folder is refused', async () => {
    const dir = collection();
    const outside = temp('loupe-outside-');
    writeFileSync(join(outside, 'secret.yaml'), 'tool: MARKER-OUTSIDE\n');
    symlinkSync(outside, join(dir, 'linked'));
    const view = await open(dir);
    await expect(test.core.handlers['collections.readRequest']({ collectionId: view.id, path: 'linked/secret.yaml' })).rejects.toThrow(/linked is a symbolic link/);
    await expect(test.core.handlers['collections.saveRequest']({ collectionId: view.id, path: 'linked/new.yaml', request: { tool: 'add' } })).rejects.toThrow(/linked is a symbolic link/);
    expect(readdirSync(outside)).toEqual(['secret.yaml']);
  }, 30_000);

  it.skipIf(!posixModes)('baselines and saved requests are 0600 in 0700 folders; run results are 0600 in 0700 folders', async () => {
    const dir = collection();
    const view = await open(dir);
    await runAllowed(test.core.handlers, { collectionId: view.id, updateSnapshots: true });
    await test.core.handlers['collections.saveRequest']({ collectionId: view.id, path: 'more/echo.yaml', request: { tool: 'echo', arguments: { message: 'hi' } } });
    expect(modeOf(join(dir, 'snapshots'))).toBe(0o700);
    expect(modeOf(join(dir, 'snapshots', 'add.json'))).toBe(0o600);
    expect(modeOf(join(dir, 'more'))).toBe(0o700);
    expect(modeOf(join(dir, 'more', 'echo.yaml'))).toBe(0o600);
    // The run's records are written once the run is over: the next read waits for them.
    await test.core.handlers['collections.reports']({ collectionId: view.id });
    const collections = join(test.dataDir, 'collections');
    const folders = readdirSync(collections).map((name) => join(collections, name));
    expect(folders.length).toBeGreaterThan(0);
    expect(modeOf(collections)).toBe(0o700);
    for (const folder of folders) {
      expect(modeOf(folder)).toBe(0o700);
      expect(modeOf(join(folder, 'results'))).toBe(0o700);
      for (const name of readdirSync(folder)) if (name !== 'results') expect(modeOf(join(folder, name))).toBe(0o600);
      const results = readdirSync(join(folder, 'results'));
      expect(results.length).toBeGreaterThan(0);
      for (const name of results) expect(modeOf(join(folder, 'results', name))).toBe(0o600);
    }
  }, 30_000);

  it.skipIf(!posixModes)('a data folder Loupe creates is 0700', async () => {
    const dataDir = join(temp('loupe-data-parent-'), 'MCP Loupe');
    const fresh = await startCore({ dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await fresh.core.dispose();
    }
  });
});
