import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { AUTH_SECRET_NAMES, type AuthClientView, type AuthSecretName } from '../../../shared/auth.js';
import type { StoredDpopKey } from './dpop.js';
import type { SecretStore } from '../secrets/secret-store.js';

/** What Loupe keeps of one server's OAuth session, as one secret value. */
export interface OAuthRecord {
  /** The MCP server URL the record belongs to: a changed URL means a different resource. */
  serverUrl: string;
  tokens?: StoredOAuthTokens;
  tokensSavedAt?: number;
  client?: StoredOAuthClientInformation;
  clientSource?: AuthClientView['source'];
  discovery?: OAuthDiscoveryState;
  /** The loopback port the client registered its redirect URI with, reused so the URI stays the same. */
  redirectPort?: number;
  /** The DPoP key (RFC 9449) the tokens are bound to, when the server asked for DPoP. */
  dpopKey?: StoredDpopKey;
}

/**
 * OAuth tokens, registered clients and client secrets, by server, behind a `SecretStore`.
 * Nothing here is written to servers.json.
 */
export class TokenStore {
  /** `seen` hears every token and secret that passes through, for redaction on export. */
  constructor(
    private readonly secrets: SecretStore,
    private readonly seen: (...values: Array<string | undefined>) => void = () => {},
  ) {}

  private noteRecord(record: OAuthRecord): void {
    this.seen(record.tokens?.access_token, record.tokens?.refresh_token, record.tokens?.id_token, record.client?.client_secret);
  }

  async read(serverId: string, serverUrl: string): Promise<OAuthRecord> {
    const text = await this.secrets.get(recordKey(serverId));
    if (text) {
      try {
        const record = JSON.parse(text) as OAuthRecord;
        this.noteRecord(record);
        if (record.serverUrl === serverUrl) return record;
      } catch {
        // A damaged record is as good as none: the person signs in again.
      }
    }
    return { serverUrl };
  }

  async write(serverId: string, record: OAuthRecord): Promise<void> {
    this.noteRecord(record);
    await this.secrets.set(recordKey(serverId), JSON.stringify(record));
  }

  async clear(serverId: string): Promise<void> {
    await this.secrets.delete(recordKey(serverId));
  }

  async clientSecret(serverId: string): Promise<string | undefined> {
    return this.secret(serverId, 'client-secret');
  }

  async setClientSecret(serverId: string, secret: string | null): Promise<void> {
    await this.setSecret(serverId, 'client-secret', secret);
  }

  async secret(serverId: string, name: AuthSecretName): Promise<string | undefined> {
    const value = await this.secrets.get(secretKey(serverId, name));
    this.seen(value);
    return value;
  }

  async setSecret(serverId: string, name: AuthSecretName, secret: string | null): Promise<void> {
    this.seen(secret ?? undefined);
    if (secret === null || secret === '') await this.secrets.delete(secretKey(serverId, name));
    else await this.secrets.set(secretKey(serverId, name), secret);
  }

  /** The server was removed: forget everything about it. */
  async forget(serverId: string): Promise<void> {
    await this.clear(serverId);
    for (const name of AUTH_SECRET_NAMES) await this.secrets.delete(secretKey(serverId, name));
  }
}

function recordKey(serverId: string): string {
  return `oauth/${serverId}`;
}

function secretKey(serverId: string, name: AuthSecretName): string {
  return `oauth-${name}/${serverId}`;
}
