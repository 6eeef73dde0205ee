/**
 * The launch link reaches the browser through a file, never through a command line: the opener
 * (xdg-open, open, start) and the browser it starts would show the link's one-time code in their
 * command lines, which every local user can read (/proc/<pid>/cmdline, `ps`), and race the browser
 * to redeem. The file is a small page that sends the browser on to the link; it sits in a folder of
 * its own that only the user can open (0700, the file 0600), and is deleted when the code expires or
 * the host exits, whichever comes first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAUNCH_CODE_TTL_MS } from './launch-codes.js';

export interface LaunchFile {
  /** The page to hand the opener: its path carries no secret. */
  path: string;
  remove(): void;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Writes the page that forwards to `url`; it removes itself after the code's lifetime, or at exit. */
export function writeLaunchFile(url: string, keepMs = LAUNCH_CODE_TTL_MS): LaunchFile {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-launch-'));
  const path = join(folder, 'open-mcp-loupe.html');
  const href = escapeHtml(url);
  writeFileSync(
    path,
    `<!doctype html>\n<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Opening MCP Loupe…</title></head>\n<body><p><a href="${href}">Open MCP Loupe</a></p></body></html>\n`,
    { mode: 0o600 },
  );
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    clearTimeout(timer);
    process.off('exit', remove);
    rmSync(folder, { recursive: true, force: true });
  };
  const timer = setTimeout(remove, keepMs);
  timer.unref();
  process.on('exit', remove);
  return { path, remove };
}
