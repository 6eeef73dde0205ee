import { describe, expect, it } from 'vitest';
import type { CoreEventListener } from '../../main/core/core.js';
import { openSignInPagesInBrowser } from '../../main/electron/sign-in-browser.js';

function fakeCore() {
  let listener: CoreEventListener | undefined;
  return {
    core: { subscribe: (next: CoreEventListener) => ((listener = next), () => (listener = undefined)) },
    emit: (name: Parameters<CoreEventListener>[0], payload: unknown) => listener?.(name, payload as never),
  };
}

describe('sign-in pages in the system browser', () => {
  it('opens http(s) authorization URLs from auth.openUrl and nothing else', async () => {
    const { core, emit } = fakeCore();
    const opened: string[] = [];
    const stop = openSignInPagesInBrowser(core, async (url) => void opened.push(url));
    emit('auth.openUrl', { serverId: 's', url: 'https://auth.example.com/authorize?client_id=a&state=b' });
    emit('auth.openUrl', { serverId: 's', url: 'file:///etc/passwd' });
    emit('auth.openUrl', { serverId: 's', url: 'javascript:alert(1)' });
    emit('auth.changed', { serverId: 's', url: 'https://elsewhere.example.com/' });
    expect(opened).toEqual(['https://auth.example.com/authorize?client_id=a&state=b']);
    stop();
    emit('auth.openUrl', { serverId: 's', url: 'https://auth.example.com/again' });
    expect(opened).toHaveLength(1);
  });
});
