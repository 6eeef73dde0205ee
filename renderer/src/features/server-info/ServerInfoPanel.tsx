import { createElement, useId } from 'react';
import type { ConnectionState, ConnectionStatus, ServerIdentity } from '../../../../shared/connection';
import type { ServerConfig } from '../../../../shared/server-config';
import { useLayoutStore } from '../../ui/layout-store';
import { SafeMarkdown } from '../../ui/content/SafeMarkdown';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { ConnectionProblem } from '../../ui/connection/ConnectionProblem';
import { StatusBadge } from '../../ui/connection/StatusBadge';
import { findServer, useServersStore } from '../../state/servers';
import { serverInfoSlots } from './slots';
import { capabilityBadges } from './capabilities';
import { ChangeStreamControl } from './ChangeStreamControl';
import { DeprecatedTag } from '../../ui/DeprecatedTag';
import { DiscoveryView } from './DiscoveryView';
import { eraLabel } from './era-label';
import { PingControl } from './PingControl';
import { RootsEditor } from './RootsEditor';
import { SnapshotStatus } from './SnapshotStatus';
import './server-info.css';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const OFFLINE_LEAD: Partial<Record<ConnectionStatus, string>> = {
  failed: 'The last connection attempt failed.',
  exited: 'The server process exited.',
  disconnected: 'Disconnected.',
};

/** The selected server: who it says it is and what it can do, once connected. */
export function ServerInfoPanel() {
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const connection = useConnection(server?.id);
  const status = statusOf(connection);
  const detailsOpen = useLayoutStore((state) => state.serverDetailsOpen);
  const setDetailsOpen = useLayoutStore((state) => state.setServerDetailsOpen);
  const bodyId = useId();

  if (!server) {
    return (
      <section className="server-info panel" aria-label="Server details">
        <p className="empty-state">Select or add a server in the sidebar.</p>
      </section>
    );
  }

  const identity = status === 'connected' ? connection?.server : undefined;
  return (
    <section className="server-info panel" aria-label="Server details">
      <header className="server-info__header">
        {/* The name the person gave it: three servers may all call themselves "Everything Reference Server". */}
        <h2 className="server-info__name" title={revealInvisible(server.name)}>
          {revealInvisible(server.name)}
        </h2>
        <StatusBadge status={status} />
        {identity && !detailsOpen && (
          <span className="server-info__summary muted">
            {selfName(identity, server.name)}
            <span className="mono">{identity.protocolVersion}</span> · {eraLabel(identity.era)}
          </span>
        )}
        {identity && !detailsOpen && <SnapshotStatus serverId={server.id} reportedName={identity.name} connectionId={connection?.connectionId} inline />}
        <span className="server-info__spacer" />
        {createElement(serverInfoSlots.HeaderActions.get(), { server, connected: status === 'connected' })}
        <button
          type="button"
          className="link-button"
          aria-expanded={detailsOpen}
          aria-controls={bodyId}
          onClick={() => setDetailsOpen(!detailsOpen)}
        >
          {detailsOpen ? 'Hide details' : 'Show details'}
        </button>
      </header>
      {detailsOpen && (
        <div id={bodyId} className="server-info__body">
          <ServerInfoBody server={server} status={status} identity={identity} connection={connection} />
        </div>
      )}
    </section>
  );
}

function ServerInfoBody({
  server,
  status,
  identity,
  connection,
}: {
  server: ServerConfig;
  status: ConnectionStatus;
  identity: ServerIdentity | undefined;
  connection: ConnectionState | undefined;
}) {
  return (
    <>
      {identity ? (
        <>
          <ServerIdentityView identity={identity} />
          <SnapshotStatus serverId={server.id} reportedName={identity.name} connectionId={connection?.connectionId} />
          <div className="server-tools" role="group" aria-label="Server tools">
            {identity.era === 'modern' ? (
              <span className="muted">Ping does not exist in {identity.protocolVersion}.</span>
            ) : (
              <PingControl key={connection?.connectionId} serverId={server.id} connected />
            )}
            {createElement(serverInfoSlots.LogLevelControl.get(), { serverId: server.id })}
            {identity.era === 'modern' && <DeprecatedTag feature="Logging" />}
          </div>
          {identity.era === 'modern' && <ChangeStreamControl serverId={server.id} state={connection?.changeStream} />}
        </>
      ) : (
        <div className="server-info__offline">
          <p className="muted">
            {status === 'connecting'
              ? 'Connecting…'
              : `${OFFLINE_LEAD[status] ?? 'Not connected.'} Connect ${server.name} to see its identity, capabilities and tools.`}
          </p>
          <ConnectionProblem connection={connection} actions={createElement(serverInfoSlots.DiagnoseButton.get(), { server, failed: true })} />
        </div>
      )}
      <RootsEditor key={server.id} server={server} connected={status === 'connected'} modern={identity?.era === 'modern'} />
    </>
  );
}

function ServerIdentityView({ identity }: { identity: ServerIdentity }) {
  const badges = capabilityBadges(identity.capabilities);
  return (
    <>
      <dl className="identity">
        <div className="identity__item">
          <dt>Name</dt>
          <dd className="mono">{revealInvisible(identity.name)}</dd>
        </div>
        {identity.title && (
          <div className="identity__item">
            <dt>Title</dt>
            <dd>{revealInvisible(identity.title)}</dd>
          </div>
        )}
        <div className="identity__item">
          <dt>Version</dt>
          <dd className="mono">{revealInvisible(identity.version)}</dd>
        </div>
        <div className="identity__item">
          <dt>Protocol</dt>
          <dd>
            <span className="mono">{identity.protocolVersion}</span> · {eraLabel(identity.era)}
          </dd>
        </div>
        <div className="identity__item identity__item--wide">
          <dt>Negotiation</dt>
          <dd>{identity.negotiation.summary}</dd>
        </div>
        {identity.websiteUrl && (
          <div className="identity__item">
            <dt>Website</dt>
            <dd className="mono">{revealInvisible(identity.websiteUrl)}</dd>
          </div>
        )}
      </dl>
      <div className="capabilities">
        <h3 className="capabilities__title">Capabilities</h3>
        {badges.length === 0 ? (
          <p className="muted">The server announced no capabilities.</p>
        ) : (
          <ul className="capabilities__list" aria-label="Capabilities">
            {badges.map((badge) => (
              <li key={badge.name} className="cap-badge">
                <span className="cap-badge__name">{badge.name}</span>
                {badge.flags.map((flag) => (
                  <span key={flag} className="cap-badge__flag">
                    {flag}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
      {identity.discovery && <DiscoveryView discovery={identity.discovery} />}
      {identity.instructions && (
        <details className="instructions" open={identity.instructions.length < 400}>
          <summary>Instructions</summary>
          <SafeMarkdown className="instructions__text" text={identity.instructions} />
        </details>
      )}
    </>
  );
}

/** What the server calls itself, when that is not the name it has here: "reports as “…” · ". */
function selfName(identity: { name: string; title?: string }, given: string): string {
  const own = identity.title ?? identity.name;
  return own && own !== given ? `reports as “${revealInvisible(own)}” · ` : '';
}
