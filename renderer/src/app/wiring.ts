/** Fills every feature's slots: the only place one feature's piece reaches another. */
import { approvalsSlots } from '../features/approvals';
import { authSlots } from '../features/auth';
import { LogLevelControl } from '../features/logs';
import { promptsSlots } from '../features/prompts';
import { ProxiedSessionsList, proxySlots, ServeAsMock } from '../features/proxy';
import { serverInfoSlots } from '../features/server-info';
import { serversSlots } from '../features/servers';
import { toolsSlots } from '../features/tools';
import { trafficSlots } from '../features/traffic';
import { openResource, showServerTraffic, showTraffic } from './navigation';

export function wireFeatures(): void {
  approvalsSlots.showTraffic.fill(showTraffic);
  authSlots.showTraffic.fill(showTraffic);
  promptsSlots.openResource.fill(openResource);
  toolsSlots.openResource.fill(openResource);
  serverInfoSlots.LogLevelControl.fill(LogLevelControl);
  serversSlots.ProxiedSessions.fill(ProxiedSessionsList);
  proxySlots.showServerTraffic.fill(showServerTraffic);
  trafficSlots.SavedSessionActions.fill(ServeAsMock);
}
