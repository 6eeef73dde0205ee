/** Fills every feature's slots: the only place one feature's piece reaches another. */
import { approvalsSlots } from '../features/approvals';
import { authSlots } from '../features/auth';
import { askToSaveRequest, collectionsSlots } from '../features/collections';
import { chatSlots, ToolCallCard } from '../features/chat';
import { DiagnoseButton } from '../features/doctor';
import { LogLevelControl } from '../features/logs';
import { openModelsSettings } from '../features/models';
import { promptsSlots } from '../features/prompts';
import { resourcesSlots } from '../features/resources';
import { PausedMessageDetail, ProxiedSessionsList, proxySlots, ServeAsMock } from '../features/proxy';
import { serverInfoSlots } from '../features/server-info';
import { serversSlots } from '../features/servers';
import { InlineToolApp, TaskCallResult, toolsSlots } from '../features/tools';
import { tasksSlots } from '../features/tasks';
import { trafficSlots } from '../features/traffic';
import { followProxySelection, openResource, runToolOnServer, showServerTraffic, showTab, showTraffic } from './navigation';
import { exportServerTraffic } from './server-traffic-export';
import { ServerHeaderActions } from './ServerHeaderActions';

export function wireFeatures(): void {
  approvalsSlots.showTraffic.fill(showTraffic);
  approvalsSlots.openModelsSettings.fill(openModelsSettings);
  approvalsSlots.runToolAgain.fill(runToolOnServer);
  approvalsSlots.ToolCallCard.fill(ToolCallCard);
  approvalsSlots.PausedMessageDetail.fill(PausedMessageDetail);
  authSlots.showTraffic.fill(showTraffic);
  collectionsSlots.showTraffic.fill(showTraffic);
  chatSlots.openModelsSettings.fill(openModelsSettings);
  chatSlots.ToolResultApp.fill(InlineToolApp);
  promptsSlots.openResource.fill(openResource);
  promptsSlots.saveAsRequest.fill(askToSaveRequest);
  resourcesSlots.saveAsRequest.fill(askToSaveRequest);
  toolsSlots.openResource.fill(openResource);
  toolsSlots.saveAsRequest.fill(askToSaveRequest);
  trafficSlots.saveAsRequest.fill(askToSaveRequest);
  serverInfoSlots.LogLevelControl.fill(LogLevelControl);
  serverInfoSlots.HeaderActions.fill(ServerHeaderActions);
  serverInfoSlots.showCollections.fill(() => showTab('Collections'));
  serversSlots.ProxiedSessions.fill(ProxiedSessionsList);
  serversSlots.DiagnoseButton.fill(DiagnoseButton);
  serverInfoSlots.DiagnoseButton.fill(DiagnoseButton);
  tasksSlots.CallResult.fill(TaskCallResult);
  proxySlots.showServerTraffic.fill(showServerTraffic);
  proxySlots.exportServerTraffic.fill(exportServerTraffic);
  trafficSlots.SavedSessionActions.fill(ServeAsMock);
  followProxySelection();
}
