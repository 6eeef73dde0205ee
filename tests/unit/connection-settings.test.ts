import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { changedConnectionSettings } from '../../main/core/config/connection-settings.js';

const http: ServerConfig = { id: 's', name: 'Remote', transport: { type: 'streamable-http', url: 'http://a.test/mcp', headers: [] } };
const stdio: ServerConfig = { id: 's', name: 'Local', transport: { type: 'stdio', command: 'node', args: ['a.js'], env: [] } };

describe('changedConnectionSettings', () => {
  it('names the connect-time settings that differ', () => {
    const edited: ServerConfig = {
      ...http,
      era: 'modern',
      transport: { type: 'streamable-http', url: 'http://b.test/mcp', headers: [{ key: 'Authorization', value: 'Bearer x' }] },
    };
    expect(changedConnectionSettings(http, edited)).toEqual(['URL', 'headers', 'protocol era']);
    expect(changedConnectionSettings(stdio, { ...stdio, transport: { type: 'stdio', command: 'deno', args: ['b.js'], env: [], cwd: '/tmp' } })).toEqual([
      'command',
      'arguments',
      'working directory',
    ]);
    expect(changedConnectionSettings(stdio, http)).toEqual(['transport']);
  });

  it('ignores what applies without reconnecting: name, call timeouts, roots', () => {
    const edited: ServerConfig = { ...http, name: 'Renamed', timeouts: { timeoutMs: 5_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 9_000 }, roots: [{ uri: 'file:///x' }] };
    expect(changedConnectionSettings(http, edited)).toEqual([]);
    expect(changedConnectionSettings(http, { ...http, era: 'auto' })).toEqual([]);
  });
});
