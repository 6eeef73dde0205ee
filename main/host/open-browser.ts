import { spawn } from 'node:child_process';

/** The platform's "open this URL" command. */
function openerFor(platform: NodeJS.Platform, url: string): { command: string; args: string[]; verbatim: boolean } {
  if (platform === 'darwin') return { command: 'open', args: [url], verbatim: false };
  // `start` is a cmd built-in; its first quoted argument is a window title. The URL is ours: no cmd metacharacters.
  if (platform === 'win32') return { command: 'cmd', args: ['/d', '/s', '/c', `start "" "${url}"`], verbatim: true };
  return { command: 'xdg-open', args: [url], verbatim: false };
}

/** Best effort: a missing opener or a headless machine is not a failure. */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const { command, args, verbatim } = openerFor(platform, url);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsVerbatimArguments: verbatim });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Ignored on purpose: the URL is printed anyway.
  }
}
