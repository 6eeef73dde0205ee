import { describe, expect, it } from 'vitest';
import { deepLinkInArgv, MAX_DEEP_LINK_CHARS, parseDeepLink } from '../../main/electron/deep-link.js';

const link = (config: unknown) => `loupe://add-server?config=${encodeURIComponent(JSON.stringify(config))}`;

describe('loupe:// links', () => {
  it('reads a stdio server as Claude Desktop writes it, and an HTTP one', () => {
    expect(parseDeepLink(link({ name: 'Files', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } }))).toEqual({
      kind: 'add-server',
      proposal: { name: 'Files', transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: [{ key: 'DEBUG', value: '1' }] } },
    });
    expect(parseDeepLink(link({ name: 'Remote', type: 'sse', url: 'https://example.com/sse', headers: { 'X-Team': 'a' } }))).toEqual({
      kind: 'add-server',
      proposal: { name: 'Remote', transport: { type: 'sse', url: 'https://example.com/sse', headers: [{ key: 'X-Team', value: 'a' }] } },
    });
  });

  it('refuses what it cannot use, in one sentence each', () => {
    const reason = (url: string) => {
      const parsed = parseDeepLink(url);
      return parsed.kind === 'invalid' ? parsed.reason.replace('A loupe:// link could not be used: ', '') : 'accepted';
    };
    expect(reason('loupe://run?cmd=rm')).toBe('Loupe does not know the action “run”; it knows add-server.');
    expect(reason('loupe://add-server')).toBe('The link has no config parameter.');
    expect(reason(link({ name: 'x', url: 'file:///etc/passwd' }))).toBe('"url" must start with http:// or https://.');
    expect(reason(link({ name: 'x', command: 'a', args: [1] }))).toBe('"args"[0] must be a non-empty string.');
    expect(reason(link([1]))).toBe('Its config must be a JSON object.');
    expect(reason(`loupe://add-server?config=${'x'.repeat(MAX_DEEP_LINK_CHARS)}`)).toBe('The link is longer than 16 KB.');
    expect(reason('https://example.com')).toBe('It is not a loupe:// link.');
  });

  it('finds a link among command-line arguments', () => {
    expect(deepLinkInArgv(['/usr/bin/loupe', '--flag', 'loupe://add-server?config=%7B%7D'])).toBe('loupe://add-server?config=%7B%7D');
    expect(deepLinkInArgv(['/usr/bin/loupe'])).toBeUndefined();
  });
});
