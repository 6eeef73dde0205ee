/**
 * Where the keyboard moves the active row of a list or tree: Up/Down, PageUp/PageDown (by `page`),
 * Home/End; undefined for any other key. With no active row (-1), Down starts at the top and Up at
 * the bottom. The result is within the list.
 */
export function listMove(key: string, current: number, count: number, page = 10): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: current < 0 ? 0 : current + 1,
    ArrowUp: current < 0 ? count - 1 : current - 1,
    PageDown: Math.max(0, current) + page,
    PageUp: current - page,
    Home: 0,
    End: count - 1,
  };
  const next = moves[key];
  return next === undefined ? undefined : Math.max(0, Math.min(count - 1, next));
}
