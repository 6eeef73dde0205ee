import type { ServerConfig } from '../../../shared/server-config';
import { CompareButton } from '../features/compare';

/** What the server details header offers from other features: Compare. */
export function ServerHeaderActions({ server }: { server: ServerConfig; connected: boolean }) {
  return <CompareButton server={server} />;
}
