/** Commands the desktop app's menu (and its accelerators) sends to the window. */
export const APP_COMMANDS = ['connect-selected', 'disconnect-selected', 'clear-traffic', 'export-traffic', 'toggle-approvals', 'focus-traffic-filter'] as const;

export type AppCommand = (typeof APP_COMMANDS)[number];

export function isAppCommand(value: unknown): value is AppCommand {
  return typeof value === 'string' && (APP_COMMANDS as readonly string[]).includes(value);
}
