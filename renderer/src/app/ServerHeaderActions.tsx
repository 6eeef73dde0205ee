import type { ServerConfig } from '../../../shared/server-config';
import { CompareButton } from '../features/compare';
import { LoadButton } from '../features/load';

/** What the server details header offers from other features: Compare and a load run. */
export function ServerHeaderActions({ server, connected }: { server: ServerConfig; connected: boolean }) {
  return (
    <>
      <CompareButton server={server} />
      <LoadButton server={server} connected={connected} />
    </>
  );
}
