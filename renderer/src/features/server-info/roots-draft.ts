import type { RootConfig } from '../../../../shared/server-config.js';

/** One editable row of the roots list. `key` only tells React the rows apart. */
export interface RootRow {
  key: string;
  uri: string;
  name: string;
}

let nextKey = 0;
export function newRootRow(uri = '', name = ''): RootRow {
  nextKey += 1;
  return { key: `root-${nextKey}`, uri, name };
}

export function rowsFromRoots(roots: readonly RootConfig[] | undefined): RootRow[] {
  return (roots ?? []).map((root) => newRootRow(root.uri, root.name ?? ''));
}

/** Percent-encodes one path segment, keeping the characters a file URI may hold as they are. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':').replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The file:// URI of an absolute path: `/home/me/project` → `file:///home/me/project`,
 * `C:\Users\me` → `file:///C:/Users/me`, `\\server\share\dir` → `file://server/share/dir`.
 * Undefined for a relative path, which names no folder on its own.
 */
export function pathToFileUri(path: string): string | undefined {
  const trimmed = path.trim();
  if (trimmed === '') return undefined;
  const unc = /^\\\\([^\\/]+)[\\/](.*)$/.exec(trimmed);
  if (unc) {
    const segments = unc[2]!.split(/[\\/]+/).filter(Boolean);
    return `file://${unc[1]}/${segments.map(encodeSegment).join('/')}`;
  }
  const drive = /^([a-zA-Z]):[\\/](.*)$/.exec(trimmed);
  if (drive) {
    const segments = drive[2]!.split(/[\\/]+/).filter(Boolean);
    return `file:///${drive[1]!.toUpperCase()}:/${segments.map(encodeSegment).join('/')}`;
  }
  if (trimmed.startsWith('/')) {
    const segments = trimmed.split('/').filter(Boolean);
    return `file:///${segments.map(encodeSegment).join('/')}`;
  }
  return undefined;
}

export interface RootsCheck {
  roots: RootConfig[];
  /** By row key: why the row cannot be saved. */
  errors: Record<string, string>;
  /** By row key: allowed, but probably not what the person meant. */
  warnings: Record<string, string>;
}

/** The roots to save; empty rows are dropped, and rows that cannot be saved say why. */
export function checkRoots(rows: readonly RootRow[]): RootsCheck {
  const roots: RootConfig[] = [];
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const uri = row.uri.trim();
    const name = row.name.trim();
    if (uri === '' && name === '') continue;
    if (uri === '') {
      errors[row.key] = 'Enter the root’s URI, e.g. file:///home/me/project.';
      continue;
    }
    const fromPath = pathToFileUri(uri);
    if (fromPath && !/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
      errors[row.key] = `That is a path, not a URI: use ${fromPath}.`;
      continue;
    }
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      errors[row.key] = 'This is not a valid URI; for a folder, use file:///path/to/folder.';
      continue;
    }
    if (parsed.protocol !== 'file:') warnings[row.key] = 'MCP expects roots to be file:// URIs; servers may reject others.';
    if (seen.has(uri)) warnings[row.key] = 'This URI is listed twice.';
    seen.add(uri);
    roots.push({ uri, ...(name ? { name } : {}) });
  }
  return { roots, errors, warnings };
}

/** Whether the rows say something other than the saved roots. */
export function rootsChanged(rows: readonly RootRow[], saved: readonly RootConfig[] | undefined): boolean {
  const { roots } = checkRoots(rows);
  const before = saved ?? [];
  return roots.length !== before.length || roots.some((root, index) => root.uri !== before[index]?.uri || (root.name ?? '') !== (before[index]?.name ?? ''));
}
