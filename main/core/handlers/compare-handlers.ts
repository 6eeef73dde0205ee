import { describeClientEmulation, findClientPreset, type ClientEmulation } from '../../../shared/client-emulation.js';
import type { CompareClientId, CompareSide } from '../../../shared/compare.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import { collectSide } from '../compare/collect-side.js';
import { compareSides } from '../compare/compare-diff.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { clientCapabilitiesFor, clientInfoFor } from '../connections/client-options.js';

type CompareHandlers = Pick<RequestHandlers, 'servers.compare'>;

/** The settings a side connects with: the saved server, presenting as the chosen client (a preset opens as that client does). */
function sideConfig(saved: ServerConfig, client: CompareClientId): { config: ServerConfig; emulation: ClientEmulation | undefined; label: string } {
  const { client: savedClient, ...rest } = saved;
  if (client === 'saved') return { config: saved, emulation: savedClient, label: `${describeClientEmulation(savedClient)} (saved)` };
  if (client === 'loupe') return { config: rest, emulation: undefined, label: describeClientEmulation(undefined) };
  const preset = findClientPreset(client);
  if (!preset) throw new Error(`Unknown client preset "${client}".`);
  return { config: { ...rest, era: preset.era, client: { preset: client } }, emulation: { preset: client }, label: preset.label };
}

export function compareHandlers(store: ConfigStore, connections: ConnectionManager, ownClientInfo: { name: string; version: string }): CompareHandlers {
  return {
    'servers.compare': async ({ serverId, a, b }) => {
      const saved = store.require(serverId);
      const started = Date.now();
      const chosen = [sideConfig(saved, a), sideConfig(saved, b)];
      if (chosen[0]!.label === chosen[1]!.label) {
        chosen[0]!.label += ' (A)';
        chosen[1]!.label += ' (B)';
      }
      const side = async (which: 'A' | 'B', index: number, client: CompareClientId): Promise<CompareSide> => {
        const { config, emulation, label } = chosen[index]!;
        const note = `Compare, side ${which}: a temporary session presenting as ${label}; it closes when the comparison is done.`;
        const connection = await connections.openApart(config, which, note);
        try {
          return await collectSide(connection, { client, label, clientInfo: clientInfoFor(emulation, ownClientInfo), clientCapabilities: clientCapabilitiesFor(emulation), connectionId: connection.connectionId });
        } finally {
          await connection.disconnect();
        }
      };
      const sides = await Promise.all([side('A', 0, a), side('B', 1, b)]);
      return { sides, differences: compareSides(sides[0], sides[1]), tookMs: Date.now() - started };
    },
  };
}
