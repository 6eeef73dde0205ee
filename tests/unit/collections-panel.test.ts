import { describe, expect, it } from 'vitest';
import type { RequestTreeNode } from '../../shared/collections.js';
import type { ServerConfig } from '../../shared/server-config.js';
import { collectionServerOf, folderName, serverKeyOf } from '../../renderer/src/features/collections/collection-server.js';
import { countRequests, nodeAt, visibleRows } from '../../renderer/src/features/collections/tree-rows.js';
import { listMove } from '../../renderer/src/ui/list-moves.js';

const request = (path: string): RequestTreeNode => ({ kind: 'request', path, name: path.split('/').at(-1)!.replace('.yaml', ''), checks: 0 });
const TREE: RequestTreeNode[] = [
  {
    kind: 'folder',
    name: 'weather',
    path: 'weather',
    children: [{ kind: 'folder', name: 'france', path: 'weather/france', children: [request('weather/france/paris.yaml')] }, request('weather/oslo.yaml')],
  },
  request('echo.yaml'),
];

describe('the request tree as rows', () => {
  it('lists every node in order with its level and parent while folders are open', () => {
    expect(visibleRows(TREE, new Set()).map((row) => [row.node.path, row.level, row.parent])).toEqual([
      ['weather', 1, undefined],
      ['weather/france', 2, 'weather'],
      ['weather/france/paris.yaml', 3, 'weather/france'],
      ['weather/oslo.yaml', 2, 'weather'],
      ['echo.yaml', 1, undefined],
    ]);
  });

  it('leaves out what a folded folder holds, and only that', () => {
    expect(visibleRows(TREE, new Set(['weather/france'])).map((row) => row.node.path)).toEqual(['weather', 'weather/france', 'weather/oslo.yaml', 'echo.yaml']);
    expect(visibleRows(TREE, new Set(['weather'])).map((row) => row.node.path)).toEqual(['weather', 'echo.yaml']);
  });

  it('finds a node by its path, counts requests, and does not take a prefix for a folder', () => {
    expect(nodeAt(TREE, 'weather/france/paris.yaml')?.kind).toBe('request');
    expect(nodeAt(TREE, 'weather/france')?.kind).toBe('folder');
    expect(nodeAt(TREE, 'weather/fr')).toBeUndefined();
    expect(nodeAt(TREE, 'weatherx/oslo.yaml')).toBeUndefined();
    expect(countRequests(TREE)).toBe(3);
  });
});

describe('a Loupe server as a new collection server', () => {
  const base = { id: 'x', name: 'My Weather Server!' };
  it('keeps the command, arguments and folder of a stdio server, never its environment', () => {
    const config: ServerConfig = { ...base, transport: { type: 'stdio', command: 'node', args: ['dist/server.js'], env: [{ key: 'API_KEY', value: 'secret', secret: true }], cwd: '/srv' }, era: 'modern' };
    expect(collectionServerOf(config)).toEqual({ command: 'node', args: ['dist/server.js'], cwd: '/srv', era: 'modern' });
  });

  it("writes Loupe's own Node (@node) as node, which a teammate and CI can run", () => {
    const config: ServerConfig = { ...base, transport: { type: 'stdio', command: '@node', args: ['/opt/server.js', 'stdio'], env: [] } };
    expect(collectionServerOf(config)).toEqual({ command: 'node', args: ['/opt/server.js', 'stdio'] });
  });

  it('keeps the URL of an HTTP server (sse marked), never its headers', () => {
    const config: ServerConfig = { ...base, transport: { type: 'sse', url: 'http://localhost:3000/sse', headers: [{ key: 'Authorization', value: 'Bearer t' }] } };
    expect(collectionServerOf(config)).toEqual({ url: 'http://localhost:3000/sse', transport: 'sse' });
  });

  it('names keys and new collections plainly', () => {
    expect(serverKeyOf('My Weather Server!')).toBe('my-weather-server');
    expect(serverKeyOf('***')).toBe('server');
    expect(folderName('/home/me/weather/.loupe')).toBe('weather');
    expect(folderName('C:\\work\\checks\\')).toBe('checks');
  });
});

describe('keyboard moves in a list or tree', () => {
  it('moves by one, a page, or to an end, within the list; other keys are not moves', () => {
    expect(listMove('ArrowDown', -1, 5)).toBe(0);
    expect(listMove('ArrowUp', -1, 5)).toBe(4);
    expect(listMove('ArrowDown', 4, 5)).toBe(4);
    expect(listMove('ArrowUp', 0, 5)).toBe(0);
    expect(listMove('PageDown', 1, 50, 10)).toBe(11);
    expect(listMove('PageUp', 3, 50, 10)).toBe(0);
    expect(listMove('End', 2, 50)).toBe(49);
    expect(listMove('Home', 20, 50)).toBe(0);
    expect(listMove('ArrowRight', 2, 50)).toBeUndefined();
  });
});
