import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { aboutDetail } from '../../main/electron/about.js';
import { appMenuTemplate } from '../../main/electron/app-menu.js';
import { fitToDisplays, loadWindowState, saveWindowState, WINDOW_STATE_FILE } from '../../main/electron/window-bounds.js';

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

describe('the application menu', () => {
  it('has the standard roles and Loupe’s commands with accelerators, which reach the window', () => {
    const send = vi.fn();
    const template = appMenuTemplate('MCP Loupe', 'linux', { send, showAbout: vi.fn() });
    const all = items(template);
    expect(all.map((item) => item.role).filter(Boolean)).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'help', 'quit', 'toggleDevTools']));
    const byLabel = new Map(all.map((item) => [item.label, item]));
    expect(byLabel.get('Connect selected server')?.accelerator).toBe('CmdOrCtrl+Shift+C');
    expect(byLabel.get('Clear traffic')?.accelerator).toBe('CmdOrCtrl+Shift+K');
    expect(byLabel.get('Filter traffic')?.accelerator).toBe('CmdOrCtrl+F');
    for (const [label, command] of [
      ['Connect selected server', 'connect-selected'],
      ['Disconnect selected server', 'disconnect-selected'],
      ['Clear traffic', 'clear-traffic'],
      ['Export traffic…', 'export-traffic'],
      ['Show or hide approvals', 'toggle-approvals'],
      ['Filter traffic', 'focus-traffic-filter'],
    ] as const) {
      (byLabel.get(label)?.click as () => void)();
      expect(send).toHaveBeenLastCalledWith(command);
    }
  });

  it('puts About under Help on Linux and Windows, and in the app menu on macOS', () => {
    const showAbout = vi.fn();
    const linux = appMenuTemplate('MCP Loupe', 'linux', { send: vi.fn(), showAbout });
    const help = linux.find((item) => item.role === 'help')!;
    (items(help.submenu as MenuItemConstructorOptions[]).find((item) => item.label === 'About MCP Loupe')!.click as () => void)();
    expect(showAbout).toHaveBeenCalledOnce();
    const mac = appMenuTemplate('MCP Loupe', 'darwin', { send: vi.fn(), showAbout });
    expect(mac[0]!.label).toBe('MCP Loupe');
    expect(items(mac[0]!.submenu as MenuItemConstructorOptions[]).map((item) => item.label ?? item.role)).toContain('About MCP Loupe');
  });

  it('the About panel names every version a bug report needs', () => {
    expect(aboutDetail({ app: '0.1.0', electron: '41.7.1', chromium: '146.0', node: '24.1.0', sdk: '2.4.0' })).toBe(
      'Version 0.1.0\nElectron 41.7.1\nChromium 146.0\nNode 24.1.0\nMCP TypeScript SDK 2.4.0 (@modelcontextprotocol/client)',
    );
  });
});

describe('window bounds', () => {
  const screen = { x: 0, y: 0, width: 1920, height: 1040 };
  const second = { x: 1920, y: 0, width: 1280, height: 1000 };

  it('restores a place still on a screen, shrinking it to fit', () => {
    expect(fitToDisplays({ x: 100, y: 80, width: 1200, height: 800 }, [screen])).toEqual({ x: 100, y: 80, width: 1200, height: 800 });
    expect(fitToDisplays({ x: 2000, y: 50, width: 1600, height: 1200 }, [screen, second])).toEqual({ x: 1920, y: 0, width: 1280, height: 1000 });
  });

  it('forgets a place on a screen that is gone, or barely on one', () => {
    expect(fitToDisplays({ x: 2000, y: 50, width: 1200, height: 800 }, [screen])).toBeUndefined();
    expect(fitToDisplays({ x: 1880, y: 50, width: 1200, height: 800 }, [screen])).toBeUndefined();
  });

  it('saves and loads the state, and ignores a file that is not one', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'loupe-window-'));
    expect(await loadWindowState(folder)).toBeUndefined();
    await saveWindowState(folder, { bounds: { x: 1, y: 2, width: 900, height: 700 }, maximized: true });
    expect(await loadWindowState(folder)).toEqual({ bounds: { x: 1, y: 2, width: 900, height: 700 }, maximized: true });
    await writeFile(path.join(folder, WINDOW_STATE_FILE), '{"bounds":{"x":"a"}}');
    expect(await loadWindowState(folder)).toBeUndefined();
  });
});
