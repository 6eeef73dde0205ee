import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../shared/auth.js';
import { parseAuthSettings } from '../../main/core/config/parse-auth-settings.js';
import { parseServerConfigInput } from '../../main/core/config/validate-server-config.js';

describe('OAuth settings in a server config', () => {
  it('keeps the settings it knows and drops anything else, such as a pasted client secret', () => {
    const input = parseServerConfigInput({
      name: 'remote',
      transport: { type: 'streamable-http', url: 'https://mcp.example.com/mcp' },
      auth: { clientId: ' my-client ', clientSecret: 's3cret', scopes: 'read write', grant: 'client_credentials', tokens: { access_token: 'x' } },
    });
    expect(input.auth).toEqual({ clientId: 'my-client', scopes: 'read write', grant: 'client_credentials' });
    expect(JSON.stringify(input)).not.toContain('s3cret');
  });

  it('leaves no auth key when nothing is set, and defaults are not written', () => {
    expect(parseAuthSettings({ clientId: '  ', grant: 'authorization_code', authorizeWith: 'browser' })).toBeUndefined();
    expect(parseAuthSettings(undefined)).toBeUndefined();
  });

  it('refuses bad values with one sentence each', () => {
    expect(() => parseAuthSettings({ clientMetadataUrl: 'http://example.com/client.json' })).toThrow('The client metadata document URL must be an https URL with a path.');
    expect(() => parseAuthSettings({ clientMetadataUrl: 'https://example.com/' })).toThrow('https URL with a path');
    expect(() => parseAuthSettings({ grant: 'password' })).toThrow('The OAuth grant must be authorization_code, client_credentials or cross-app-access.');
    expect(() => parseAuthSettings({ authorizeWith: 'curl' })).toThrow('Authorize with must be browser or http-get.');
    expect(() => parseAuthSettings('yes')).toThrow('The OAuth settings must be an object.');
    expect(() => parseAuthSettings({ scopes: 7 })).toThrow('The OAuth scopes must be text.');
  });

  it('masks a token to its ends, and a short one entirely', () => {
    expect(maskSecret('abcdefghijklmnopqrstuvwxyz')).toBe('abcd…wxyz');
    expect(maskSecret('short')).toBe('••••');
  });
});
