import type { TrafficEntry } from '../../../../shared/traffic.js';
import type { LoupeApi } from '../../../../shared/contract.js';
import { getApi } from '../../bridge/api';
import { useLogsStore } from './logs-store.js';

/** What this sync needs of the bridge (the app's Bridge has all of it). */
export interface LinkedApi extends Pick<LoupeApi, 'invoke' | 'on'> {
  getLinkState(): { status: string };
  onLinkStateChange: (listener: () => void) => () => void;
}

/** Entries per `traffic.list` page when catching up (the core also bounds each page's bytes). */
const PAGE_SIZE = 5_000;
/** The log is made of these: the catch-up asks the core for nothing else. */
const LOG_METHODS = ['notifications/message'];

/**
 * Keeps the logs store in step with the traffic: every batch of new entries is scanned for
 * `notifications/message`, and each time the link opens the log lines missed meanwhile are
 * fetched (all of them at start-up), and only those. Returns a function that stops it.
 */
export function startLogsSync(): () => void {
  const api: LinkedApi = getApi();
  let stopped = false;
  let catchingUp: Promise<void> | null = null;
  /** Events that arrive while catching up wait, so the older pages are not skipped as already seen. */
  let held: Array<readonly TrafficEntry[]> = [];
  const stops = [
    api.on('traffic.appended', (entries) => {
      if (catchingUp) held.push(entries);
      else useLogsStore.getState().ingest(entries);
    }),
  ];

  const catchUp = async () => {
    for (;;) {
      const afterSeq = useLogsStore.getState().lastSeq;
      const page = await api.invoke('traffic.list', { ...(afterSeq >= 0 ? { afterSeq } : {}), limit: PAGE_SIZE, methods: LOG_METHODS });
      if (stopped) return;
      useLogsStore.getState().ingest(page.entries);
      if (!page.more || page.entries.length === 0) return;
    }
  };

  let wasOpen = false;
  const onLink = () => {
    const open = api.getLinkState().status === 'open';
    if (open && !wasOpen && !catchingUp) {
      // A failure here only means older log lines are missing; new ones keep arriving by event.
      catchingUp = catchUp()
        .catch(() => undefined)
        .finally(() => {
          catchingUp = null;
          const waiting = held;
          held = [];
          for (const entries of waiting) useLogsStore.getState().ingest(entries);
        });
    }
    wasOpen = open;
  };
  stops.push(api.onLinkStateChange(onLink));
  onLink();

  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
