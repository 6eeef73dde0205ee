/** Fills every feature's slots: the only place one feature's piece reaches another. */
import { approvalsSlots } from '../features/approvals';
import { authSlots } from '../features/auth';
import { chatSlots } from '../features/chat';
import { LogLevelControl } from '../features/logs';
import { openModelsSettings } from '../features/models';
import { promptsSlots } from '../features/prompts';
import { serverInfoSlots } from '../features/server-info';
import { toolsSlots } from '../features/tools';
import { openResource, showTraffic } from './navigation';

export function wireFeatures(): void {
  approvalsSlots.showTraffic.fill(showTraffic);
  approvalsSlots.openModelsSettings.fill(openModelsSettings);
  authSlots.showTraffic.fill(showTraffic);
  chatSlots.openModelsSettings.fill(openModelsSettings);
  promptsSlots.openResource.fill(openResource);
  toolsSlots.openResource.fill(openResource);
  serverInfoSlots.LogLevelControl.fill(LogLevelControl);
}
