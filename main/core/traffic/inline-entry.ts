import { TRAFFIC_INLINE_LIMIT, TRAFFIC_PREVIEW_CHARS, type TrafficEntry } from '../../../shared/traffic.js';

/**
 * The form of an entry sent to the renderer: small messages whole, large ones as a preview.
 * `rawText` is the message's wire text when the transport has it (cheaper than re-serializing).
 */
export function toInlineEntry(entry: TrafficEntry, rawText?: string): TrafficEntry {
  if (entry.message === undefined) {
    // A line, or a message kept as text: large ones go as a preview too.
    if (entry.text === undefined || entry.text.length <= TRAFFIC_INLINE_LIMIT) return entry;
    return { ...entry, truncated: true, text: entry.text.slice(0, TRAFFIC_PREVIEW_CHARS) };
  }
  if (entry.size <= TRAFFIC_INLINE_LIMIT) return entry;
  const { message, raw: _raw, ...rest } = entry;
  const preview = (rawText ?? JSON.stringify(message)).slice(0, TRAFFIC_PREVIEW_CHARS);
  return { ...rest, truncated: true, text: preview };
}
