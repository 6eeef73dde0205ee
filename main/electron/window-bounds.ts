import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/base/atomic-write.js';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';
/** How much of the window must stay on a screen for the saved place to be used. */
const MIN_VISIBLE = 120;

function isBounds(value: unknown): value is Bounds {
  const bounds = value as Partial<Bounds> | null;
  return (
    typeof bounds === 'object' &&
    bounds !== null &&
    [bounds.x, bounds.y, bounds.width, bounds.height].every((number) => typeof number === 'number' && Number.isFinite(number)) &&
    bounds.width! > 0 &&
    bounds.height! > 0
  );
}

/** The saved window state, or undefined when there is none or it cannot be read. */
export async function loadWindowState(folder: string): Promise<WindowState | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(folder, WINDOW_STATE_FILE), 'utf8')) as Partial<WindowState>;
    return isBounds(parsed.bounds) ? { bounds: parsed.bounds, maximized: parsed.maximized === true } : undefined;
  } catch {
    return undefined;
  }
}

export async function saveWindowState(folder: string, state: WindowState): Promise<void> {
  await writeFileAtomic(join(folder, WINDOW_STATE_FILE), `${JSON.stringify(state)}\n`);
}

/**
 * The saved bounds when enough of them lies on a screen that still exists (a monitor may have been
 * unplugged since), shrunk to fit that screen; otherwise undefined, and the window opens centred.
 */
export function fitToDisplays(bounds: Bounds, workAreas: readonly Bounds[]): Bounds | undefined {
  for (const area of workAreas) {
    const overlapWidth = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const overlapHeight = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    if (overlapWidth < MIN_VISIBLE || overlapHeight < MIN_VISIBLE) continue;
    const width = Math.min(bounds.width, area.width);
    const height = Math.min(bounds.height, area.height);
    return {
      width,
      height,
      x: Math.min(Math.max(bounds.x, area.x), area.x + area.width - width),
      y: Math.min(Math.max(bounds.y, area.y), area.y + area.height - height),
    };
  }
  return undefined;
}
