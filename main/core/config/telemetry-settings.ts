import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import { isObject } from '../../../shared/is-object.js';
import type { SavedTelemetry, TelemetryConfig } from '../../../shared/telemetry.js';
import { LoupeError } from '../../../shared/wire.js';
import { createNotice } from '../base/notice.js';
import { StateFile } from './state-file.js';
import type { SecretStore } from '../secrets/secret-store.js';

export const TELEMETRY_FILE = 'telemetry.json';
/** 2: a value in the file is one the person said is not secret. 1 kept every value that did not look secret in the file. */
const FILE_VERSION = 2;

/** `version`: the file's as read; values in a version 1 file are moved to the keychain once (see open). */
type State = { saved: SavedTelemetry | null; version: number };

const secretKey = (name: string) => `telemetry/header/${name.toLowerCase()}`;

function parseState(value: unknown): State {
  if (!isObject(value)) throw new Error('it is not a JSON object');
  const version = typeof value.version === 'number' ? value.version : 1;
  const saved = value.saved;
  if (saved === null || saved === undefined) return { saved: null, version };
  if (!isObject(saved) || typeof saved.endpoint !== 'string' || typeof saved.on !== 'boolean' || !Array.isArray(saved.headers)) {
    throw new Error('its "saved" collector needs an endpoint, on and headers');
  }
  const headers = saved.headers.slice(0, 32).map((header) => {
    if (!isObject(header) || typeof header.name !== 'string') throw new Error('a saved header has no name');
    return typeof header.value === 'string' ? { name: header.name, value: header.value } : { name: header.name };
  });
  return { saved: { endpoint: saved.endpoint, on: saved.on, headers }, version };
}

/**
 * The OTLP collector saved for the next start, in `telemetry.json`; every header value goes to the
 * secret store (the keychain) instead, and is never given back to the app, unless the person said it
 * is not secret (`plainHeaders`). A collector's key can be any header (`x-honeycomb-team`, a DSN).
 */
export class TelemetrySettings {
  private constructor(
    private readonly file: StateFile<State>,
    private readonly secrets: SecretStore,
    private readonly remember: (value: string) => void,
  ) {}

  static async open(dataDir: string, secrets: SecretStore, remember: (value: string) => void, onNotice: (notice: Notice) => void): Promise<TelemetrySettings> {
    const file = await StateFile.open<State>(
      {
        path: join(dataDir, TELEMETRY_FILE),
        what: 'The OpenTelemetry settings file',
        empty: { saved: null, version: FILE_VERSION },
        parse: parseState,
        serialize: (state) => `${JSON.stringify({ version: FILE_VERSION, saved: state.saved }, null, 2)}\n`,
      },
      onNotice,
    );
    const settings = new TelemetrySettings(file, secrets, remember);
    if (file.state.version < FILE_VERSION) await settings.moveClearValuesToKeychain();
    return settings;
  }

  /** A version 1 file's values (those that did not look secret then) go to the keychain, once. */
  private async moveClearValuesToKeychain(): Promise<void> {
    const saved = this.saved;
    for (const header of saved?.headers ?? []) {
      if (header.value === undefined) continue;
      await this.secrets.set(secretKey(header.name), header.value);
      this.remember(header.value);
    }
    const headers = saved?.headers.map((header) => ({ name: header.name }));
    await this.file.change(() => ({ state: { saved: saved && headers ? { ...saved, headers } : null, version: FILE_VERSION }, value: undefined }));
  }

  get saved(): SavedTelemetry | undefined {
    return this.file.state.saved ?? undefined;
  }

  /** The saved collector as a config to export to, when it is switched on. */
  async startupConfig(): Promise<TelemetryConfig | undefined> {
    const saved = this.saved;
    if (!saved?.on) return undefined;
    return { endpoint: saved.endpoint, headers: await this.keptHeaders(saved.headers.map((header) => header.name)) };
  }

  /** The config's headers with the saved values of `keepHeaders` added. */
  async resolve(config: TelemetryConfig): Promise<TelemetryConfig> {
    if (!config.keepHeaders?.length) return config;
    return { ...config, headers: { ...(await this.keptHeaders(config.keepHeaders)), ...config.headers } };
  }

  /** Saves what `configure` got (already resolved); `endpoint: null` switches the saved collector off. */
  async save(config: TelemetryConfig): Promise<void> {
    if (config.endpoint === null) {
      const saved = this.saved;
      if (saved?.on) await this.file.change(() => ({ state: { saved: { ...saved, on: false }, version: FILE_VERSION }, value: undefined }));
      return;
    }
    const headers = Object.entries(config.headers ?? {});
    const plain = new Set((config.plainHeaders ?? []).map((name) => name.toLowerCase()));
    const secretNames = new Set<string>();
    for (const [name, value] of headers) {
      if (plain.has(name.toLowerCase())) continue;
      await this.secrets.set(secretKey(name), value);
      this.remember(value);
      secretNames.add(name);
    }
    const before = this.saved?.headers ?? [];
    const saved: SavedTelemetry = {
      endpoint: config.endpoint,
      on: true,
      headers: headers.map(([name, value]) => (secretNames.has(name) ? { name } : { name, value })),
    };
    await this.file.change(() => ({ state: { saved, version: FILE_VERSION }, value: undefined }));
    // Secrets of headers no longer saved (or no longer secret) leave the keychain.
    for (const header of before) if (header.value === undefined && !secretNames.has(header.name)) await this.secrets.delete(secretKey(header.name)).catch(() => {});
  }

  private async keptHeaders(names: readonly string[]): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    for (const name of names) {
      const header = this.saved?.headers.find((saved) => saved.name.toLowerCase() === name.toLowerCase());
      if (!header) throw new LoupeError(`No saved header is called “${name}”.`, 'not-found');
      const value = header.value ?? (await this.secrets.get(secretKey(header.name)));
      if (value === undefined) throw new LoupeError(`The saved value of the header “${header.name}” is no longer in the keychain: type it again.`, 'not-found');
      if (header.value === undefined) this.remember(value);
      headers[header.name] = value;
    }
    return headers;
  }
}

/** Exports to the saved collector again, when it was on; a header lost from the keychain is said in a notice. */
export async function restoreSavedTelemetry(settings: TelemetrySettings, configure: (config: TelemetryConfig) => Promise<unknown>, onNotice: (notice: Notice) => void): Promise<void> {
  try {
    const config = await settings.startupConfig();
    if (config) await configure(config);
  } catch (error) {
    onNotice(createNotice('warning', `OpenTelemetry export was not switched back on: ${error instanceof Error ? error.message : String(error)}`));
  }
}
