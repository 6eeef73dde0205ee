/** When a blob is text: one rule for tool results and resource reads. Pure. */
import { base64DecodedSize, base64ToBytes } from './binary.js';

/** Blobs larger than this are not decoded to show as text; they can still be saved. */
export const MAX_DECODED_TEXT_BYTES = 5 * 1024 * 1024;

export function isJsonMimeType(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json') || essence === 'text/json';
}

export function isTextMimeType(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const essence = mimeType.split(';')[0]!.trim().toLowerCase();
  return (
    essence.startsWith('text/') ||
    isJsonMimeType(essence) ||
    essence.endsWith('+xml') ||
    ['application/xml', 'application/javascript', 'application/x-yaml', 'application/yaml', 'application/toml', 'application/sql', 'application/graphql'].includes(essence)
  );
}

function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The blob's text when its MIME type says text, it is not too large, and it is valid UTF-8; else null. */
export function textOfBlob(base64: string, mimeType: string | undefined): string | null {
  if (!isTextMimeType(mimeType) || base64DecodedSize(base64) > MAX_DECODED_TEXT_BYTES) return null;
  return utf8OrNull(base64ToBytes(base64));
}
