/** A value as text where it is not JSON: a primitive as itself, anything else by its kind ("[object Object]"). */
export function plainText(value: unknown): string {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value);
  return Object.prototype.toString.call(value);
}
