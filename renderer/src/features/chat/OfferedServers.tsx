import type { ServerConfig } from '../../../../shared/server-config';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  /** The servers connected now: only their tools can be offered. */
  connected: readonly ServerConfig[];
  offered: ReadonlySet<string>;
  onToggle: (serverId: string, offered: boolean) => void;
  disabled: boolean;
}

/** Which connected servers' tools the model is offered (with several, each tool's name is prefixed by its server's). */
export function OfferedServers({ connected, offered, onToggle, disabled }: Props) {
  if (connected.length === 0) return <span className="muted chat__tools-note">Connect a server to let the model use its tools.</span>;
  return (
    <fieldset className="chat__servers" disabled={disabled}>
      <legend className="chat__servers-legend">Tools from</legend>
      {connected.map((server) => (
        <label key={server.id} className="chat__ask">
          <input type="checkbox" checked={offered.has(server.id)} onChange={(event) => onToggle(server.id, event.target.checked)} />
          {revealInvisible(server.name)}
        </label>
      ))}
      {offered.size === 0 && <span className="muted">none: the model answers without tools</span>}
    </fieldset>
  );
}
