import { ServerInfoPanel } from '../features/server-info';
import { ServerFormDialog, ServersPanel } from '../features/servers';
import { NoticeBanners } from '../features/notices';
import { ApprovalsButton, ApprovalsPanel } from '../features/approvals';
import { ModelsButton, ModelsSettingsDialog } from '../features/models';
import { InterceptButton, InterceptDesk, ProxiedSessionView } from '../features/proxy';
import { TrafficPanel } from '../features/traffic';
import { SaveRequestDialog } from '../features/collections';
import { LoupeMark } from '../ui/icons';
import { useLayoutStore } from '../ui/layout-store';
import { Splitter } from '../ui/Splitter';
import { useAppInfoStore } from '../state/app-info';
import { useProxyStore } from '../state/proxy/proxy-store';
import { CoreBanner } from './CoreBanner';
import { LinkBanner } from './LinkBanner';
import { SecretStorageStatus } from './SecretStorageStatus';
import { WorkspaceTabs } from './WorkspaceTabs';
import { CommandPalette } from './palette/CommandPalette';
import { usePaletteStore } from './palette/palette-store';

export function App() {
  const info = useAppInfoStore((state) => state.info);
  const trafficHeight = useLayoutStore((state) => state.trafficHeight);
  const setTrafficHeight = useLayoutStore((state) => state.setTrafficHeight);
  const proxiedShown = useProxyStore((state) => state.selectedSessionId !== null && state.sessions[state.selectedSessionId] !== undefined);

  return (
    <div className="app">
      <header className="app-header">
        <LoupeMark className="app-header__mark" />
        <h1 className="app-header__title">MCP Loupe</h1>
        {info && (
          <span className="app-header__meta" title={`Data directory: ${info.dataDir}`}>
            {info.mode === 'browser' ? 'Browser mode' : 'Desktop'} · v{info.version}
            <SecretStorageStatus secretsFile={info.secretsFile} />
          </span>
        )}
        <button type="button" className="app-header__button" aria-haspopup="dialog" title="Every action by name (Ctrl+K or Ctrl+Shift+P)" onClick={() => usePaletteStore.getState().setOpen(true)}>
          Commands
        </button>
        <ModelsButton />
        <InterceptButton />
        <ApprovalsButton />
      </header>
      <LinkBanner />
      <CoreBanner />
      <NoticeBanners />
      <div className="workbench">
        <nav className="sidebar" aria-label="Sidebar">
          <ServersPanel />
        </nav>
        <main className="main">
          {proxiedShown && <ProxiedSessionView />}
          {/* Kept mounted while a proxied session is shown, so the server's tabs keep their state. */}
          <div className="main__server" hidden={proxiedShown}>
            <ServerInfoPanel />
            <WorkspaceTabs />
          </div>
        </main>
        <Splitter
          orientation="horizontal"
          label="Resize traffic panel"
          value={trafficHeight}
          min={120}
          max={Math.max(200, Math.round(window.innerHeight * 0.8))}
          onChange={setTrafficHeight}
        />
        <div className="workbench__traffic" style={{ height: trafficHeight }}>
          <TrafficPanel />
        </div>
      </div>
      <ApprovalsPanel />
      <InterceptDesk />
      <ServerFormDialog />
      <SaveRequestDialog />
      <ModelsSettingsDialog />
      <CommandPalette />
    </div>
  );
}
