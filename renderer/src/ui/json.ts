/** Pretty JSON for display. Never throws: cycles and BigInts cannot come over the bridge, but be safe. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    return `Could not format as JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}
