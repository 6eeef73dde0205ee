/** The size of a value written as JSON in UTF-8, in bytes (0 for what JSON cannot hold). */
export function jsonByteLength(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
