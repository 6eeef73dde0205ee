import { describe, expect, it, vi } from 'vitest';
import type { Session } from 'electron';
import { restrictPermissions } from '../../main/electron/permissions.js';

function install() {
  const setPermissionRequestHandler = vi.fn();
  const setPermissionCheckHandler = vi.fn();
  restrictPermissions({ setPermissionRequestHandler, setPermissionCheckHandler } as unknown as Session);
  const request = setPermissionRequestHandler.mock.calls[0]![0] as (
    webContents: unknown,
    permission: string,
    callback: (granted: boolean) => void,
  ) => void;
  const check = setPermissionCheckHandler.mock.calls[0]![0] as (webContents: unknown, permission: string) => boolean;
  return { request, check };
}

const refused = ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem', 'display-capture', 'unknown'];

describe('restrictPermissions', () => {
  it.each(refused)('refuses a request for %s', (permission) => {
    const { request } = install();
    const callback = vi.fn();
    request(null, permission, callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(false);
  });

  it.each(refused)('answers a check for %s with false', (permission) => {
    expect(install().check(null, permission)).toBe(false);
  });

  it('grants only clipboard writes, for the copy buttons', () => {
    const { request, check } = install();
    const callback = vi.fn();
    request(null, 'clipboard-sanitized-write', callback);
    expect(callback).toHaveBeenCalledExactlyOnceWith(true);
    expect(check(null, 'clipboard-sanitized-write')).toBe(true);
  });
});
