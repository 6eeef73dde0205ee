import type { Approval } from '../../../../shared/approvals';
import { errorMessage } from '../../bridge/bridge-error';
import { getApi } from '../../bridge/api';
import type { Bridge } from '../../bridge/types';
import { useNoticesStore } from '../notices';
import { useApprovalsStore } from './approvals-store';
import { useToolCallsStore } from './tool-calls-store';

/** Events closer together than this are applied as one change. */
const BATCH_MS = 16;

/**
 * Keeps the approvals and tool-call stores in step with core events, and loads the whole state
 * (pending requests, history, the chat's tool calls, templates, rules) each time the link opens. Returns a function that stops it.
 */
export function startApprovalsSync(): () => void {
  const api = getApi();
  // A flood arrives as one event per request: apply them together, at most once per frame.
  let batch: Approval[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const approvals = batch;
    batch = [];
    useApprovalsStore.getState().applyMany(approvals);
  };
  const stops = [
    api.on('approvals.changed', (approval) => {
      batch.push(approval);
      timer ??= setTimeout(flush, BATCH_MS);
    }),
    () => {
      if (timer) clearTimeout(timer);
    },
    api.on('approvals.toolCallChanged', (call) => useToolCallsStore.getState().apply(call)),
  ];
  let wasOpen = false;
  const onLink = () => {
    const open = api.getLinkState().status === 'open';
    if (open && !wasOpen) void loadApprovals(api);
    wasOpen = open;
  };
  stops.push(api.onLinkStateChange(onLink));
  onLink();
  return () => {
    for (const stop of stops) stop();
  };
}

async function loadApprovals(api: Bridge): Promise<void> {
  // Events still waiting in the batch land after the list; any later change comes as an event too.
  const revision = useApprovalsStore.getState().revision;
  const results = await Promise.allSettled([
    api.invoke('approvals.list').then((approvals) => useApprovalsStore.getState().applyListed(approvals, revision)),
    api.invoke('approvals.toolCalls.list').then((calls) => useToolCallsStore.getState().applyListed(calls)),
    reloadSamplingLibrary(),
  ]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure && api.getLinkState().status === 'open') {
    useNoticesStore.getState().addLocal('error', `Could not load the approval requests: ${errorMessage(failure.reason)}`);
  }
}

/** Templates and auto-reply rules have no change event: reload both after every change. */
export async function reloadSamplingLibrary(): Promise<void> {
  const api = getApi();
  const [templates, rules] = await Promise.all([api.invoke('sampling.templates.list'), api.invoke('sampling.rules.list')]);
  useApprovalsStore.getState().setTemplates(templates);
  useApprovalsStore.getState().setRules(rules);
}
