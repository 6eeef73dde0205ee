import { spawn } from 'node:child_process';
import { writeLaunchFile, type LaunchFile } from './launch-file.js';

/** The platform's "open this" command, for a URL or a file path. */
function openerFor(platform: NodeJS.Platform, target: string): { command: string; args: string[]; verbatim: boolean } {
  if (platform === 'darwin') return { command: 'open', args: [target], verbatim: false };
  // `start` is a cmd built-in; its first quoted argument is a window title. The target is ours: a temp path, no quotes.
  if (platform === 'win32') return { command: 'cmd', args: ['/d', '/s', '/c', `start "" "${target}"`], verbatim: true };
  return { command: 'xdg-open', args: [target], verbatim: false };
}

/**
 * Opens the printed launch link without putting it on a command line: the opener gets the path of
 * a private page that forwards the browser to it (see launch-file.ts).
 */
export function openLaunchLink(url: string, platform: NodeJS.Platform = process.platform): LaunchFile {
  const file = writeLaunchFile(url);
  openInBrowser(file.path, platform);
  return file;
}

/** Best effort: a missing opener or a headless machine is not a failure. */
export function openInBrowser(target: string, platform: NodeJS.Platform = process.platform): void {
  const { command, args, verbatim } = openerFor(platform, target);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsVerbatimArguments: verbatim });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Ignored on purpose: the URL is printed anyway.
  }
}
