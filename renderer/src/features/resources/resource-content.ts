/** How to show each item of a `resources/read` result, decided from its fields and mimeType. Pure. */
import { base64DecodedSize, isBase64 } from '../../ui/content/binary.js';
import { isJsonMimeType, textOfBlob } from '../../ui/content/text-blob.js';

export type TextLanguage = 'json' | 'plain';

export type ResourceContentView =
  | { kind: 'text'; uri?: string; mimeType?: string; text: string; language: TextLanguage; fromBlob: boolean }
  | { kind: 'image' | 'audio' | 'binary'; uri?: string; mimeType?: string; base64: string; bytes: number }
  | { kind: 'invalid'; uri?: string; mimeType?: string; reason: string };

export function classifyResourceContent(raw: unknown): ResourceContentView {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { kind: 'invalid', reason: 'This item is not an object.' };
  }
  const item = raw as { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
  const uri = typeof item.uri === 'string' ? item.uri : undefined;
  const mimeType = typeof item.mimeType === 'string' && item.mimeType.trim() ? item.mimeType.trim() : undefined;
  const where = { ...(uri !== undefined ? { uri } : {}), ...(mimeType !== undefined ? { mimeType } : {}) };

  if (typeof item.text === 'string') {
    return { kind: 'text', ...where, text: item.text, language: isJsonMimeType(mimeType) ? 'json' : 'plain', fromBlob: false };
  }
  if (typeof item.blob === 'string') {
    const base64 = item.blob.replace(/\s+/g, '');
    if (!isBase64(base64) || base64.length % 4 === 1) {
      return { kind: 'invalid', ...where, reason: 'Its blob is not valid base64.' };
    }
    const bytes = base64DecodedSize(base64);
    const essence = mimeType?.split(';')[0]!.trim().toLowerCase() ?? '';
    if (essence.startsWith('image/')) return { kind: 'image', ...where, base64, bytes };
    if (essence.startsWith('audio/')) return { kind: 'audio', ...where, base64, bytes };
    const text = textOfBlob(base64, mimeType);
    if (text !== null) return { kind: 'text', ...where, text, language: isJsonMimeType(mimeType) ? 'json' : 'plain', fromBlob: true };
    return { kind: 'binary', ...where, base64, bytes };
  }
  if ('text' in item || 'blob' in item) {
    return { kind: 'invalid', ...where, reason: `Its ${'text' in item ? 'text' : 'blob'} is not a string.` };
  }
  return { kind: 'invalid', ...where, reason: 'It has neither text nor blob.' };
}

/** The `contents` array of a read result, or why there is none. */
export function resourceContentsOf(result: unknown): { items: unknown[] } | { problem: string } {
  const contents = (result as { contents?: unknown } | null | undefined)?.contents;
  if (contents === undefined) return { problem: 'The reply has no contents.' };
  if (!Array.isArray(contents)) return { problem: 'The reply’s contents is not a list.' };
  return { items: contents };
}

/** A cheap look at the ends: an object or array, as far as its first and last characters tell. */
export function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  return (first === '{' && last === '}') || (first === '[' && last === ']');
}
