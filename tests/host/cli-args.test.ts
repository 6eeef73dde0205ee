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
  it('defaults to any free port on 127.0.0.1, the desktop app’s data folder and opening the browser', () => {
    expect(options([])).toEqual({ port: 0, host: '127.0.0.1', dataDir: defaultDataDir({}, HOME), defaultDataDir: true, openBrowser: true });
    expect(defaultDataDir({}, HOME, 'linux')).toBe('/home/tester/.config/MCP Loupe');
  });

  it('reads --port, --host, --data-dir and --no-open, in both spellings', () => {
    expect(options(['--port', '0'])).toMatchObject({ port: 0 });
    expect(options(['--port', '41234', '--host', '0.0.0.0', '--data-dir', '/tmp/loupe', '--no-open'])).toEqual({
      port: 41234,
      host: '0.0.0.0',
      dataDir: '/tmp/loupe',
      defaultDataDir: false,
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

  it('takes the data dir from --data-dir, then LOUPE_DATA_DIR, then the desktop app’s folder', () => {
    const env = { LOUPE_DATA_DIR: '/env/loupe', XDG_CONFIG_HOME: '/xdg' };
    expect(options(['--data-dir', '/flag'], env)).toMatchObject({ dataDir: '/flag', defaultDataDir: false });
    expect(options([], env)).toMatchObject({ dataDir: '/env/loupe', defaultDataDir: false });
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, HOME, 'linux')).toBe('/xdg/MCP Loupe');
    expect(defaultDataDir({ LOUPE_DATA_DIR: '', XDG_CONFIG_HOME: '' }, HOME, 'linux')).toBe('/home/tester/.config/MCP Loupe');
    expect(defaultDataDir({ XDG_CONFIG_HOME: 'relative' }, HOME, 'linux')).toBe('/home/tester/.config/MCP Loupe');
    expect(defaultDataDir({}, HOME, 'darwin')).toBe('/home/tester/Library/Application Support/MCP Loupe');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\t\\AppData\\Roaming' }, HOME, 'win32')).toBe('C:\\Users\\t\\AppData\\Roaming\\MCP Loupe');
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
