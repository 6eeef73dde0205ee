import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionView } from '../../shared/collections.js';
import { SurfaceListings } from '../../main/core/collections/surface-listings.js';
import { startCore, type TestCore } from './helpers.js';

/** A capability snapshot file whose server has `version` (same length each time, so the same size). */
function snapshotText(version: string): string {
  return JSON.stringify({
    loupeSurface: 1,
    takenAt: '2026-01-01T00:00:00.000Z',
    server: { name: 'weather', version, protocolVersion: '2025-11-25', era: 'legacy' },
    capabilities: {},
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  });
}

describe('surfaces.list reads a snapshot file again only when it changed', () => {
  let test: TestCore;
  let dir: string;
  let view: CollectionView;
  const file = () => join(dir, 'surfaces', 'weather.json');
  const versions = async () => (await test.core.handlers['surfaces.list']({ collectionId: view.id })).map((listing) => `${listing.name}@${listing.server?.version ?? listing.problem}`);
  /** Writes the file and sets its modification time to `seconds` (so two writes can have the same stamp). */
  const writeWithTime = (version: string, seconds: number) => {
    writeFileSync(file(), snapshotText(version));
    utimesSync(file(), seconds, seconds);
  };

  beforeAll(async () => {
    test = await startCore();
    dir = mkdtempSync(join(tmpdir(), 'loupe-surface-listings-'));
    writeFileSync(join(dir, 'collection.yaml'), 'loupe: 1\nname: Listings\nservers: {}\n');
    mkdirSync(join(dir, 'surfaces'));
    writeWithTime('1.0.0', 1_700_000_000);
    view = await test.core.handlers['collections.open']({ dir });
  }, 30_000);

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('keeps the summary of an unchanged file, and reads a changed one', async () => {
    expect(await versions()).toEqual(['weather@1.0.0']);

    // Other text, same size and same modification time: the summary kept is used, the file not read.
    writeWithTime('2.0.0', 1_700_000_000);
    expect(statSync(file()).size).toBe(snapshotText('1.0.0').length);
    expect(await versions()).toEqual(['weather@1.0.0']);

    // A newer modification time: read again.
    utimesSync(file(), 1_700_000_010, 1_700_000_010);
    expect(await versions()).toEqual(['weather@2.0.0']);

    // Another size (same time): read again.
    writeWithTime('3.0.0-rc', 1_700_000_010);
    expect(await versions()).toEqual(['weather@3.0.0-rc']);

  }, 30_000);

  it('keeps a file’s problem until the file changes, but not an error of reading it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-surface-listings-'));
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{"tools": 1}');
    utimesSync(broken, 1_700_000_000, 1_700_000_000);
    const listings = new SurfaceListings();
    const list = () => listings.list(folder, ['broken', 'missing'], (name) => join(folder, `${name}.json`));
    const first = await list();
    expect(first[0]?.problem).toMatch(/broken\.json is not a Loupe capability snapshot/);
    expect(first[1]?.problem).toMatch(/ENOENT/);
    expect(listings.size).toBe(1);
    writeFileSync(join(folder, 'missing.json'), snapshotText('5.0.0'));
    const second = await list();
    expect(second[1]?.server?.version).toBe('5.0.0');
  });

  it('forgets a file no longer listed: one that comes back with the same stamp is read again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-surface-listings-'));
    const file = join(folder, 'a.json');
    const writeAt = (version: string) => {
      writeFileSync(file, snapshotText(version));
      utimesSync(file, 1_700_000_000, 1_700_000_000);
    };
    const listings = new SurfaceListings();
    const fileOf = (name: string) => join(folder, `${name}.json`);
    writeAt('1.0.0');
    expect((await listings.list(folder, ['a'], fileOf))[0]?.server?.version).toBe('1.0.0');
    rmSync(file);
    expect(await listings.list(folder, [], fileOf)).toEqual([]);
    expect(listings.size).toBe(0);
    writeAt('2.0.0');
    expect((await listings.list(folder, ['a'], fileOf))[0]?.server?.version).toBe('2.0.0');
  });

  it('keeps at most its bound of summaries, dropping the least recently listed', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-surface-listings-'));
    for (const name of ['a', 'b', 'c']) writeFileSync(join(folder, `${name}.json`), snapshotText(`${name}.0.0`));
    const listings = new SurfaceListings(2);
    const listed = await listings.list(folder, ['a', 'b', 'c'], (name) => join(folder, `${name}.json`));
    expect(listed.map((listing) => listing.server?.version)).toEqual(['a.0.0', 'b.0.0', 'c.0.0']);
    expect(listings.size).toBe(2);
  });
});
