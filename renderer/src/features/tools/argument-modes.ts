/** Form or JSON, as chosen per tool; kept between starts, for the most recently chosen tools only. */
export type ArgumentsMode = 'form' | 'json';

export const MODES_STORAGE_KEY = 'loupe.tools.argumentModes.v1';
/** Tools whose choice is remembered; the oldest choices go first. */
const MAX_REMEMBERED = 300;

/** The remembered choices; anything unreadable is left out. */
export function parseModes(text: string | null): Record<string, ArgumentsMode> {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const modes: Record<string, ArgumentsMode> = {};
    for (const [key, mode] of Object.entries(parsed as Record<string, unknown>)) if (mode === 'form' || mode === 'json') modes[key] = mode;
    return modes;
  } catch {
    return {};
  }
}

/** Records one choice (as the newest) and keeps the newest MAX_REMEMBERED. */
export function withMode(modes: Record<string, ArgumentsMode>, key: string, mode: ArgumentsMode): Record<string, ArgumentsMode> {
  const entries = Object.entries(modes).filter(([other]) => other !== key);
  entries.push([key, mode]);
  return Object.fromEntries(entries.slice(-MAX_REMEMBERED));
}
