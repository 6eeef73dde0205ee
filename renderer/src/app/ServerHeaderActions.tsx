import type { ServerConfig } from '../../../shared/server-config';
import { CompareButton } from '../features/compare';
import { DiagnoseButton } from '../features/doctor';
import { LoadButton } from '../features/load';

/** What the server details header offers from other features: Diagnose, Compare and a load run. */
export function ServerHeaderActions({ server, connected }: { server: ServerConfig; connected: boolean }) {
  return (
    <>
      <DiagnoseButton server={server} />
      <CompareButton server={server} />
      <LoadButton server={server} connected={connected} />
    </>
  );
}
