/** Copy and save, the same in browser mode and in Electron (no Node, no dialogs: a download). */

/** Saves data as a download named `fileName`, through a temporary `<a download>`. */
export function saveFile(fileName: string, data: BlobPart, mimeType = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([data], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; keep it a little longer for slow starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies text; resolves false (rather than throwing) when the clipboard refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
