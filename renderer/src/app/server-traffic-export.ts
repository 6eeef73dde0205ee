import { getApi } from '../bridge/api';
import { downloadLiveExport, exportFileName } from '../features/traffic';
import { liveTraffic } from '../state/traffic/live-traffic';

/**
 * Downloads one serverId's entries of the live log (a proxied session's) as JSON Lines, through
 * the core's export (secret headers redacted as in every export). Resolves to how many entries.
 */
export async function exportServerTraffic(serverId: string, name: string): Promise<number> {
  const log = liveTraffic.log;
  const seqs: number[] = [];
  for (let position = log.start; position < log.end; position++) {
    if (log.serverId(position) === serverId) seqs.push(log.seq(position));
  }
  if (seqs.length > 0) await downloadLiveExport(getApi(), exportFileName(new Date(), `-${fileSafe(name)}`), seqs);
  return seqs.length;
}

function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
}
