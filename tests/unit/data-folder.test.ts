import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateOldBrowserData } from '../../main/core/config/data-folder.js';

function folders() {
  const base = mkdtempSync(join(tmpdir(), 'loupe-migrate-'));
  const oldDir = join(base, 'mcp-loupe');
  const sharedDir = join(base, 'MCP Loupe');
  mkdirSync(oldDir);
  return { base, oldDir, sharedDir };
}

describe('moving browser mode’s data into the shared folder', () => {
  it('moves servers.json and sampling.json once, keeps the old folder renamed, and says so', async () => {
    const { base, oldDir, sharedDir } = folders();
    writeFileSync(join(oldDir, 'servers.json'), '{"version":1,"servers":[]}');
    writeFileSync(join(oldDir, 'sampling.json'), '{"templates":[]}');
    const notice = await migrateOldBrowserData(oldDir, sharedDir, new Date('2026-12-02T12:00:00Z'));
    expect(readFileSync(join(sharedDir, 'servers.json'), 'utf8')).toBe('{"version":1,"servers":[]}');
    expect(readFileSync(join(sharedDir, 'sampling.json'), 'utf8')).toBe('{"templates":[]}');
    expect(existsSync(oldDir)).toBe(false);
    expect(readdirSync(base)).toContain('mcp-loupe.migrated-2026-12-02T12-00-00-000Z');
    expect(notice).toBe(
      `Browser mode now keeps its data with the desktop app's, in ${sharedDir}. Your servers.json and sampling.json moved there from ${oldDir} (the old folder is kept as ${oldDir}.migrated-2026-12-02T12-00-00-000Z).`,
    );
    expect(await migrateOldBrowserData(oldDir, sharedDir)).toBeUndefined();
  });

  it('never overwrites a server list already in the shared folder', async () => {
    const { oldDir, sharedDir } = folders();
    writeFileSync(join(oldDir, 'servers.json'), 'old');
    mkdirSync(sharedDir);
    writeFileSync(join(sharedDir, 'servers.json'), 'desktop');
    expect(await migrateOldBrowserData(oldDir, sharedDir)).toBeUndefined();
    expect(readFileSync(join(sharedDir, 'servers.json'), 'utf8')).toBe('desktop');
    expect(existsSync(oldDir)).toBe(true);
  });
});
