import type { AppWireRecord } from '../../../shared/apps.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { paramsObject, stringParam } from '../handlers/params.js';
import type { AppDocuments } from './app-documents.js';

type Handlers = Pick<RequestHandlers, 'apps.open' | 'apps.document' | 'apps.close' | 'apps.record' | 'apps.report'>;

export function appsHandlers(connections: ConnectionManager, documents: AppDocuments): Handlers {
  return {
    'apps.open': async (params) => {
      const serverId = stringParam(params, 'serverId');
      const uri = stringParam(params, 'uri');
      if (!uri.startsWith('ui://')) throw new LoupeError('An MCP App resource has a ui:// address.', 'invalid-params');
      const connection = connections.connected(serverId);
      const read = await connection.request('resources/read', { uri });
      return documents.open(serverId, connection.connectionId, uri, read);
    },
    'apps.document': async (params) => documents.document(stringParam(params, 'appId')),
    'apps.close': async (params) => documents.close(stringParam(params, 'appId')),
    'apps.record': async (params) => {
      const records = paramsObject(params).records;
      if (!Array.isArray(records)) throw new LoupeError('"records" must be a list.', 'invalid-params');
      documents.record(stringParam(params, 'appId'), records.filter((record): record is AppWireRecord => typeof record === 'object' && record !== null));
    },
    'apps.report': async (params) => documents.report(stringParam(params, 'appId'), paramsObject(params).report),
  };
}
