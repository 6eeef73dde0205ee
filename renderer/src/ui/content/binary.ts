/** Base64 payloads (image, audio, blob resources): sizes, data URLs and files. */

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** A MIME type safe to put in a data URL (no parameters, nothing that could break out of it). */
export function cleanMimeType(mimeType: string): string | null {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  return MIME_TYPE.test(bare) ? bare : null;
}

export function isBase64(data: string): boolean {
  return /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(data);
}

/** Bytes the base64 text decodes to, without decoding it. */
export function base64DecodedSize(data: string): number {
  let length = 0;
  let padding = 0;
  for (let index = 0; index < data.length; index++) {
    const code = data.charCodeAt(index);
    if (code === 61 /* = */) padding++;
    else if (code > 32) length++;
  }
  return Math.max(0, Math.floor(((length + padding) * 3) / 4) - padding);
}

/** A data URL for base64 content, or null when the MIME type or the data cannot be trusted in one. */
export function base64DataUrl(mimeType: string, data: string): string | null {
  const clean = cleanMimeType(mimeType);
  if (!clean || !isBase64(data)) return null;
  return `data:${clean};base64,${data.replace(/\s+/g, '')}`;
}

/** Decodes base64 to bytes (for saving a blob to a file). */
export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
  'application/gzip': 'gz',
};

/** A file name for saving: the URI's last segment when it has one, else `fallback` with an extension for the type. */
export function suggestFileName(fallback: string, mimeType?: string, uri?: string): string {
  const fromUri = uri ? decodeURIComponentSafe(uri.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '') : '';
  const safe = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 120);
  if (fromUri && /\.[a-z0-9]{1,8}$/i.test(fromUri)) return safe(fromUri);
  const extension = (mimeType && EXTENSIONS[cleanMimeType(mimeType) ?? '']) ?? 'bin';
  return `${safe(fromUri || fallback)}.${extension}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
