import { KIND, type CompactTrafficLog } from './compact-traffic-log.js';

/** The type chips above the log, as DevTools has for resource types. */
export type TrafficType = 'all' | 'requests' | 'notifications' | 'server-requests' | 'stderr' | 'malformed' | 'http';

export const TRAFFIC_TYPES: ReadonlyArray<{ type: TrafficType; label: string; title: string }> = [
  { type: 'all', label: 'All', title: 'Every row' },
  { type: 'requests', label: 'Requests', title: 'Requests Loupe sent, with their responses' },
  { type: 'notifications', label: 'Notifications', title: 'Notifications in both directions' },
  { type: 'server-requests', label: 'Server requests', title: 'Requests the server sent (sampling, elicitation, roots), with Loupe’s answers' },
  { type: 'stderr', label: 'stderr', title: 'Lines the server wrote to stderr' },
  { type: 'malformed', label: 'Malformed', title: 'stdout lines and messages that are not valid JSON-RPC' },
  { type: 'http', label: 'HTTP', title: 'HTTP exchanges of Streamable HTTP and SSE servers, and their OAuth sign-in' },
];

/** The row test for a type chip; undefined for All. */
export function typeTest(log: CompactTrafficLog, type: TrafficType): ((position: number) => boolean) | undefined {
  switch (type) {
    case 'all':
      return undefined;
    case 'requests':
      return (position) => log.kindCode(position) === KIND.request && !log.isIncoming(position);
    case 'server-requests':
      return (position) => log.kindCode(position) === KIND.request && log.isIncoming(position);
    case 'notifications':
      return (position) => log.kindCode(position) === KIND.notification;
    case 'stderr':
      return (position) => log.kindCode(position) === KIND.stderr;
    case 'malformed':
      return (position) => log.kindCode(position) === KIND.malformed;
    case 'http':
      return (position) => log.kindCode(position) === KIND.http;
  }
}
