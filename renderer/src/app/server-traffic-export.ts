import { getApi } from '../bridge/api';
import { collectLiveExport, downloadText, exportFileName } from '../features/traffic';

/**
 * Downloads every entry of one serverId (a proxied session's) as JSON Lines, through the core's
 * export: those the window has let go too, read from the record on disk; secret headers redacted as
 * in every export. Resolves to how many entries; downloads nothing when there are none.
 */
export async function exportServerTraffic(serverId: string, name: string): Promise<number> {
  const { parts, entries } = await collectLiveExport(getApi(), { serverId });
  if (entries > 0) downloadText(parts, exportFileName(new Date(), `-${fileSafe(name)}`));
  return entries;
}

function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
}
