import { useEffect, useState } from 'react';
import type { Bridge } from '../../bridge/types';
import { toPointer, withValueAtPath, type PathSegment } from '../../../../shared/json-pointer';
import type { HeldText, RpcOutcome } from '../../../../shared/mcp';
import { errorMessage } from '../../bridge/bridge-error';

type HeldOutcome = Pick<RpcOutcome, 'result' | 'heldTexts'>;

/** The text the core holds at `path` in the result, if any. */
export function heldTextAt(outcome: HeldOutcome, path: PathSegment[]): HeldText | undefined {
  const pointer = toPointer(path);
  return outcome.heldTexts?.find((text) => toPointer(text.path) === pointer);
}

/** The result as the server sent it: the texts the core holds fetched whole and put back in their places. */
export async function wholeResult(api: Pick<Bridge, 'invoke'>, outcome: HeldOutcome): Promise<unknown> {
  const held = outcome.heldTexts ?? [];
  if (held.length === 0) return outcome.result;
  const texts = await Promise.all(held.map((text) => api.invoke('documents.text', { key: text.key })));
  return held.reduce((result, text, index) => withValueAtPath(result, text.path, texts[index]), outcome.result);
}

export type WholeResult = { status: 'fetching' } | { status: 'ready'; result: unknown } | { status: 'failed'; message: string };

/** `wholeResult` for a component: fetched when it mounts (a folded raw view asks only once opened); at once when nothing is held. */
export function useWholeResult(api: Pick<Bridge, 'invoke'>, outcome: HeldOutcome): WholeResult {
  const [state, setState] = useState<{ outcome: HeldOutcome; whole: WholeResult } | null>(null);
  const held = (outcome.heldTexts?.length ?? 0) > 0;
  useEffect(() => {
    if (!held) return;
    let current = true;
    wholeResult(api, outcome).then(
      (result) => current && setState({ outcome, whole: { status: 'ready', result } }),
      (error: unknown) => current && setState({ outcome, whole: { status: 'failed', message: errorMessage(error) } }),
    );
    return () => {
      current = false;
    };
  }, [api, outcome, held]);
  if (!held) return { status: 'ready', result: outcome.result };
  return state?.outcome === outcome ? state.whole : { status: 'fetching' };
}
