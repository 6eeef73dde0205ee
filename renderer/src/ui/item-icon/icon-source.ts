import type { ServerIcon } from '../../../../shared/connection.js';
import { isObject } from '../../../../shared/is-object.js';

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** Raster and SVG images only: an SVG inside <img> cannot run script or load anything. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)[;,]/i;

/**
 * The icon to show, or undefined. 2025-11-25 icons may be https: or data: URLs; anything else
 * (http:, javascript:, file:, relative paths) is refused. Prefers an icon made for the theme.
 */
export function pickIconSource(icons: readonly ServerIcon[] | undefined, theme: 'light' | 'dark'): string | undefined {
  // A server's list as sent: checked item by item, whatever its declared type says.
  if (!isList(icons)) return undefined;
  const usable = icons.filter((icon: unknown): icon is ServerIcon => isObject(icon) && typeof icon.src === 'string' && isSafeIconUrl(icon.src));
  const preferred = usable.find((icon) => icon.theme === theme) ?? usable.find((icon) => icon.theme === undefined) ?? usable[0];
  return preferred?.src;
}

export function isSafeIconUrl(src: string): boolean {
  const trimmed = src.trim();
  if (DATA_IMAGE.test(trimmed)) return true;
  try {
    return new URL(trimmed).protocol === 'https:';
  } catch {
    return false;
  }
}
