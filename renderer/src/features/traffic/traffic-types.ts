import type { TrafficType } from '../../../../shared/traffic';

/** The type chips above the log (the type names are the filter's, shared/traffic.ts): what they say. */
export const TRAFFIC_TYPES: ReadonlyArray<{ type: TrafficType; label: string; title: string }> = [
  { type: 'all', label: 'All', title: 'Every row' },
  { type: 'requests', label: 'Requests', title: 'Requests Loupe sent, with their responses' },
  { type: 'notifications', label: 'Notifications', title: 'Notifications in both directions' },
  { type: 'server-requests', label: 'Server requests', title: 'Requests the server sent (sampling, elicitation, roots), with Loupe’s answers' },
  { type: 'stderr', label: 'stderr', title: 'Lines the server wrote to stderr' },
  { type: 'malformed', label: 'Malformed', title: 'stdout lines and messages that are not valid JSON-RPC' },
  { type: 'http', label: 'HTTP', title: 'HTTP exchanges of Streamable HTTP and SSE servers, and their OAuth sign-in' },
];
