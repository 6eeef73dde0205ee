import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { AppDocuments } from './app-documents.js';

type Handlers = Pick<RequestHandlers, 'apps.open' | 'apps.document' | 'apps.close' | 'apps.record' | 'apps.report'>;

export function appsHandlers(connections: ConnectionManager, documents: AppDocuments): Handlers {
  return {
    'apps.open': async (params) => {
      const { serverId, uri } = params;
      const connection = connections.connected(serverId);
      const read = await connection.request('resources/read', { uri });
      return documents.open(serverId, connection.connectionId, uri, read);
    },
    'apps.document': async (params) => documents.document(params.appId),
    'apps.close': async (params) => documents.close(params.appId),
    'apps.record': async (params) => documents.record(params.appId, params.records),
    'apps.report': async (params) => documents.report(params.appId, params.report),
  };
}
