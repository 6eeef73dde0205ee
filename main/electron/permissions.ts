import type { Session } from 'electron';

/**
 * The only browser permission the app uses: writing to the clipboard (the copy buttons).
 * It cannot read anything back; every other permission (camera, notifications,
 * geolocation, clipboard read, …) is refused.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function restrictPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_webContents, permission, callback) => callback(GRANTED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_webContents, permission) => GRANTED_PERMISSIONS.has(permission));
}
