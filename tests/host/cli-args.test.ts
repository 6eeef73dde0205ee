import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliUsageError, defaultDataDir, parseCliArgs } from '../../main/host/cli-args.js';

const HOME = '/home/tester';
const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCliArgs(argv, env, HOME);
const options = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const command = parse(argv, env);
  if (command.kind !== 'run') throw new Error('expected run');
  return command.options;
};

describe('CLI arguments', () => {
  it('defaults to any free port on 127.0.0.1, the XDG data dir and opening the browser', () => {
    expect(options([])).toEqual({ port: 0, host: '127.0.0.1', dataDir: '/home/tester/.config/mcp-loupe', openBrowser: true });
  });

  it('reads --port, --host, --data-dir and --no-open, in both spellings', () => {
    expect(options(['--port', '0'])).toMatchObject({ port: 0 });
    expect(options(['--port', '41234', '--host', '0.0.0.0', '--data-dir', '/tmp/loupe', '--no-open'])).toEqual({
      port: 41234,
      host: '0.0.0.0',
      dataDir: '/tmp/loupe',
      openBrowser: false,
    });
    expect(options(['--port=8080', '--host=localhost', '--data-dir=/srv/x'])).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: '/srv/x',
    });
    expect(options(['--host', '[::1]'])).toMatchObject({ host: '::1' });
    expect(options(['--data-dir', 'relative/dir'])).toMatchObject({ dataDir: path.resolve('relative/dir') });
  });

  it('takes the data dir from --data-dir, then LOUPE_DATA_DIR, then XDG_CONFIG_HOME, then ~/.config', () => {
    const env = { LOUPE_DATA_DIR: '/env/loupe', XDG_CONFIG_HOME: '/xdg' };
    expect(options(['--data-dir', '/flag'], env).dataDir).toBe('/flag');
    expect(options([], env).dataDir).toBe('/env/loupe');
    expect(options([], { XDG_CONFIG_HOME: '/xdg' }).dataDir).toBe('/xdg/mcp-loupe');
    expect(options([], { LOUPE_DATA_DIR: '', XDG_CONFIG_HOME: '' }).dataDir).toBe('/home/tester/.config/mcp-loupe');
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'relative' }, HOME)).toBe('/home/tester/.config/mcp-loupe');
  });

  it('recognises --help', () => {
    expect(parse(['--help'])).toEqual({ kind: 'help' });
    expect(parse(['--port', '1', '-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--port', 'abc'], /--port expects/],
    [['--port', '-1'], /--port expects/],
    [['--port', '65536'], /--port expects/],
    [['--port', '1.5'], /--port expects/],
    [['--port='], /--port expects/],
    [['--port'], /--port needs a value/],
    [['--port', '--no-open'], /--port needs a value/],
    [['--host', 'a b'], /--host expects/],
    [['--host', 'http://x'], /--host expects/],
    [['--data-dir='], /--data-dir needs a directory/],
    [['--no-open=yes'], /--no-open takes no value/],
    [['--verbose'], /Unknown option "--verbose"/],
    [['serve'], /Unexpected argument "serve"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parse(argv)).toThrow(CliUsageError);
    expect(() => parse(argv)).toThrow(message);
  });
});
