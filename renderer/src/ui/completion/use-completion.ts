import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompletionRef } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { CompletionSequencer, type CompletionState } from './completion-sequencer';

const DEBOUNCE_MS = 200;

export interface Completion {
  state: CompletionState;
  /** After a pause in typing. */
  schedule: (value: string, context: Record<string, string>) => void;
  /** At once, e.g. on focus. */
  requestNow: (value: string, context: Record<string, string>) => void;
  /** Forgets the pending request and its suggestions. */
  stop: () => void;
}

/**
 * `completion/complete` for one argument of a prompt or a resource template. When `enabled`
 * is false (the server offers no completions) nothing is ever sent.
 */
export function useCompletion(serverId: string, ref: CompletionRef, argumentName: string, enabled: boolean): Completion {
  const api = getApi();
  const [state, setState] = useState<CompletionState>({ status: 'idle' });
  const sequencerRef = useRef<CompletionSequencer | null>(null);
  const refType = ref.type;
  const refTarget = ref.type === 'ref/prompt' ? ref.name : ref.uri;

  useEffect(() => {
    if (!enabled) return;
    const completionRef: CompletionRef =
      refType === 'ref/prompt' ? { type: 'ref/prompt', name: refTarget } : { type: 'ref/resource', uri: refTarget };
    const sequencer = new CompletionSequencer(
      {
        request: (callId, value, context) =>
          api.invoke('completion.complete', {
            serverId,
            ref: completionRef,
            argument: { name: argumentName, value },
            ...(Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
            callId,
          }),
        cancel: (callId) => {
          api.invoke('calls.cancel', { callId, reason: 'A newer completion request replaced it' }).catch(() => {});
        },
      },
      setState,
      { debounceMs: DEBOUNCE_MS, newCallId: () => crypto.randomUUID() },
    );
    sequencerRef.current = sequencer;
    return () => {
      sequencer.dispose();
      if (sequencerRef.current === sequencer) sequencerRef.current = null;
      setState({ status: 'idle' });
    };
  }, [api, serverId, refType, refTarget, argumentName, enabled]);

  const schedule = useCallback((value: string, context: Record<string, string>) => sequencerRef.current?.schedule(value, context), []);
  const requestNow = useCallback(
    (value: string, context: Record<string, string>) => sequencerRef.current?.requestNow(value, context),
    [],
  );
  const stop = useCallback(() => {
    sequencerRef.current?.stop();
    setState({ status: 'idle' });
  }, []);
  return { state, schedule, requestNow, stop };
}
