import { describe, expect, test } from 'vitest';
import { latencyText } from '../../renderer/src/features/server-info/latency.js';
import { checkRoots, newRootRow, pathToFileUri, rootsChanged, rowsFromRoots } from '../../renderer/src/features/server-info/roots-draft.js';

describe('folder path → file:// URI', () => {
  test('POSIX, Windows drive and UNC paths', () => {
    expect(pathToFileUri('/home/me/project')).toBe('file:///home/me/project');
    expect(pathToFileUri('  /home/me/my project/ ')).toBe('file:///home/me/my%20project');
    expect(pathToFileUri('/')).toBe('file:///');
    expect(pathToFileUri('c:\\Users\\me\\Code')).toBe('file:///C:/Users/me/Code');
    expect(pathToFileUri('D:/data')).toBe('file:///D:/data');
    expect(pathToFileUri('\\\\server\\share\\dir')).toBe('file://server/share/dir');
  });

  test('characters that mean something in a URI are escaped; the result parses back to the path', () => {
    const uri = pathToFileUri("/tmp/a#b?c%d/é ü/it's(1)")!;
    expect(uri).toBe('file:///tmp/a%23b%3Fc%25d/%C3%A9%20%C3%BC/it%27s%281%29');
    expect(decodeURIComponent(new URL(uri).pathname)).toBe("/tmp/a#b?c%d/é ü/it's(1)");
  });

  test('a relative or empty path names no folder', () => {
    expect(pathToFileUri('project/src')).toBeUndefined();
    expect(pathToFileUri('~/project')).toBeUndefined();
    expect(pathToFileUri('   ')).toBeUndefined();
  });
});

describe('checking the roots before saving', () => {
  test('valid rows become roots (names optional), empty rows are dropped', () => {
    const rows = [newRootRow('file:///a', ' A '), newRootRow('', ''), newRootRow(' file:///b ', '')];
    expect(checkRoots(rows)).toEqual({ roots: [{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }], errors: {}, warnings: {} });
  });

  test('each bad row says why, by row', () => {
    const noUri = newRootRow('', 'Named only');
    const path = newRootRow('/home/me', '');
    const junk = newRootRow('not a uri', '');
    const result = checkRoots([noUri, path, junk]);
    expect(result.roots).toEqual([]);
    expect(result.errors).toEqual({
      [noUri.key]: 'Enter the root’s URI, e.g. file:///home/me/project.',
      [path.key]: 'That is a path, not a URI: use file:///home/me.',
      [junk.key]: 'This is not a valid URI; for a folder, use file:///path/to/folder.',
    });
  });

  test('other schemes and duplicates are allowed, with a warning', () => {
    const web = newRootRow('https://example.com/repo', '');
    const first = newRootRow('file:///x', '');
    const again = newRootRow('file:///x', '');
    const result = checkRoots([web, first, again]);
    expect(result.roots).toHaveLength(3);
    expect(result.errors).toEqual({});
    expect(result.warnings).toEqual({
      [web.key]: 'MCP expects roots to be file:// URIs; servers may reject others.',
      [again.key]: 'This URI is listed twice.',
    });
  });

  test('changed means different from what is saved', () => {
    const saved = [{ uri: 'file:///a', name: 'A' }];
    expect(rootsChanged(rowsFromRoots(saved), saved)).toBe(false);
    expect(rootsChanged([...rowsFromRoots(saved), newRootRow()], saved)).toBe(false);
    expect(rootsChanged(rowsFromRoots([{ uri: 'file:///a', name: 'B' }]), saved)).toBe(true);
    expect(rootsChanged([], undefined)).toBe(false);
    expect(rootsChanged(rowsFromRoots(saved), undefined)).toBe(true);
  });
});

test('ping latency reads in milliseconds with one decimal', () => {
  expect(latencyText(12.345)).toBe('12.3 ms');
  expect(latencyText(0.456)).toBe('0.46 ms');
  expect(latencyText(Number.NaN)).toBe('—');
});
