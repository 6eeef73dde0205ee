import { APP_NODE_COMMAND, type TransportConfig, type TransportType } from '../../../../shared/server-config';

export const TRANSPORT_NAMES: Record<TransportType, string> = {
  stdio: 'stdio',
  'streamable-http': 'Streamable HTTP',
  sse: 'SSE',
};

/** One line saying where the server is: its command line or its URL. */
export function transportTarget(transport: TransportConfig): string {
  if (transport.type !== 'stdio') return transport.url;
  const command = transport.command === APP_NODE_COMMAND ? 'node' : transport.command;
  return [command, ...transport.args].join(' ');
}
