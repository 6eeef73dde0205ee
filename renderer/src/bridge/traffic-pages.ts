import type { LoupeApi } from '../../../shared/contract';
import type { TrafficPage } from '../../../shared/traffic';

/** Most pages read in one go: the core bounds each page, and its retention bounds how many there are. */
const MAX_PAGES = 100_000;

/**
 * Every entry the core keeps after `afterSeq`, read page by page (no reply is larger than the
 * core's page limit), as one page.
 */
export async function listAllTraffic(api: Pick<LoupeApi, 'invoke'>, afterSeq?: number): Promise<TrafficPage> {
  const all: TrafficPage = { entries: [], dropped: 0 };
  let after = afterSeq;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await api.invoke('traffic.list', after === undefined ? {} : { afterSeq: after });
    for (const entry of page.entries) all.entries.push(entry);
    all.dropped = page.dropped;
    const last = page.entries.at(-1);
    if (!page.more || !last) break;
    after = last.seq;
  }
  return all;
}
