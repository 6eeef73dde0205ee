import { DEFAULT_PROTOCOL_ERA, type ServerConfig } from '../../../shared/server-config.js';

/**
 * The settings a live connection was made with that differ from the saved ones, named as the
 * server form names them. Only what takes effect on connect counts: call timeouts and roots are
 * read at the time of use.
 */
export function changedConnectionSettings(used: ServerConfig, saved: ServerConfig): string[] {
  const changes: string[] = [];
  const [before, after] = [used.transport, saved.transport];
  if (before.type !== after.type) {
    changes.push('transport');
  } else if (before.type === 'stdio' && after.type === 'stdio') {
    if (before.command !== after.command) changes.push('command');
    if (!sameJson(before.args, after.args)) changes.push('arguments');
    if (!sameJson(before.env, after.env)) changes.push('environment');
    if ((before.cwd ?? '') !== (after.cwd ?? '')) changes.push('working directory');
  } else if (before.type !== 'stdio' && after.type !== 'stdio') {
    if (before.url !== after.url) changes.push('URL');
    if (!sameJson(before.headers, after.headers)) changes.push('headers');
  }
  if ((used.era ?? DEFAULT_PROTOCOL_ERA) !== (saved.era ?? DEFAULT_PROTOCOL_ERA)) changes.push('protocol era');
  if (!sameJson(used.client, saved.client)) changes.push('client emulation');
  return changes;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
