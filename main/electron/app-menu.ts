import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/app-commands.js';

export interface AppMenuActions {
  /** Sends a command to the window (it knows the selected server, the traffic, the panels). */
  send(command: AppCommand): void;
  showAbout(): void;
}

/**
 * The application menu: the standard roles (on macOS, copy and paste work only through them)
 * and Loupe's own commands with their accelerators.
 */
export function appMenuTemplate(appName: string, platform: NodeJS.Platform, actions: AppMenuActions): MenuItemConstructorOptions[] {
  const command = (label: string, name: AppCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => actions.send(name),
  });
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: () => actions.showAbout() };
  const mac = platform === 'darwin';
  return [
    ...(mac
      ? [{ label: appName, submenu: [about, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }] } as MenuItemConstructorOptions]
      : []),
    {
      label: 'File',
      submenu: [command('Export traffic…', 'export-traffic', 'CmdOrCtrl+Shift+E'), { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    {
      label: 'Server',
      submenu: [command('Connect selected server', 'connect-selected', 'CmdOrCtrl+Shift+C'), command('Disconnect selected server', 'disconnect-selected', 'CmdOrCtrl+Shift+D')],
    },
    {
      label: 'View',
      submenu: [
        command('Filter traffic', 'focus-traffic-filter', 'CmdOrCtrl+F'),
        command('Clear traffic', 'clear-traffic', 'CmdOrCtrl+Shift+K'),
        command('Show or hide approvals', 'toggle-approvals', 'CmdOrCtrl+Shift+A'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'toggleDevTools' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: mac ? [] : [about] },
  ];
}
