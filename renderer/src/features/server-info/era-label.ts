import type { ProtocolEra } from '../../../../shared/connection';

/** The era as people read it: which family of protocol revisions the connection speaks. */
export function eraLabel(era: ProtocolEra): string {
  return era === 'modern' ? 'modern era (server/discover, stateless)' : 'legacy era (initialize)';
}
