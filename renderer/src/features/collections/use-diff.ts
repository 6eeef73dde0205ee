import { useCallback, useEffect, useRef, useState } from 'react';
import type { DiffRow, DiffSource, DiffSummary } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

/** Rows are read from the core's diff thread in chunks of this many, as they scroll into view. */
const CHUNK = 200;

export interface DiffState {
  summary: DiffSummary | undefined;
  error: string | null;
  /** The row at an index, once its chunk has come. */
  row: (index: number) => DiffRow | undefined;
  /** Asks for the chunks that hold rows [first, last). */
  ensureRows: (first: number, last: number) => void;
}

/**
 * A result diff computed by the core (`diffs.open`) and read in windows (`diffs.rows`): a 5 MB
 * result's diff never crosses to the window whole. The diff is closed when the view goes.
 */
export function useDiff(before: DiffSource, after: DiffSource, ignore: readonly string[]): DiffState {
  const [summary, setSummary] = useState<DiffSummary | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [chunks, setChunks] = useState<ReadonlyMap<number, DiffRow[]>>(new Map());
  /** Chunks asked for (arrived or not), so each is asked once. */
  const asked = useRef(new Set<number>());
  const key = JSON.stringify([before, after, ignore]);

  useEffect(() => {
    let current = true;
    let opened: string | undefined;
    asked.current = new Set();
    const [first, second, ignored] = JSON.parse(key) as [DiffSource, DiffSource, string[]];
    getApi()
      .invoke('diffs.open', { before: first, after: second, ...(ignored.length > 0 ? { ignore: ignored } : {}) })
      .then((opening) => {
        opened = opening.diffId;
        if (!current) {
          void getApi().invoke('diffs.close', { diffId: opening.diffId }).catch(() => undefined);
          return;
        }
        setSummary(opening);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(errorMessage(failure)));
    return () => {
      current = false;
      if (opened) void getApi().invoke('diffs.close', { diffId: opened }).catch(() => undefined);
    };
  }, [key]);

  const diffId = summary?.diffId;
  const total = summary?.rows ?? 0;
  const ensureRows = useCallback(
    (first: number, last: number) => {
      if (!diffId) return;
      for (let chunk = Math.floor(first / CHUNK); chunk * CHUNK < Math.min(last, total); chunk++) {
        if (asked.current.has(chunk)) continue;
        asked.current.add(chunk);
        const start = chunk * CHUNK;
        getApi()
          .invoke('diffs.rows', { diffId, start, end: Math.min(total, start + CHUNK) })
          .then((rows) => setChunks((previous) => new Map(previous).set(chunk, rows)))
          .catch((failure: unknown) => {
            asked.current.delete(chunk);
            setError(errorMessage(failure));
          });
      }
    },
    [diffId, total],
  );

  const row = (index: number) => chunks.get(Math.floor(index / CHUNK))?.[index % CHUNK];
  return { summary, error, row, ensureRows };
}
