import type { KeyValue, ServerConfig, TransportConfig } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { replaceBraced } from './import/variables.js';

/** `env:NAME` inside `${…}`: the reference a server's settings keep to a value in Loupe's environment. */
const ENV_REFERENCE = /^env:([^\s${}]+)$/;

export interface ResolvedConfig {
  /** The config with every `${env:NAME}` replaced; a name/value pair that held one is marked secret. */
  config: ServerConfig;
  /** The values read from the environment, for redaction. */
  values: string[];
}

/** The text with each `${env:NAME}` replaced by a placeholder, to check the shape of a URL that holds one. */
export function withEnvPlaceholders(text: string): string {
  return replaceBraced(text, (inner) => (ENV_REFERENCE.test(inner) ? 'env' : undefined));
}

/**
 * Fills in the `${env:NAME}` references of a server's settings from Loupe's environment, at
 * connect time: an imported value that came from an environment variable stays a reference in
 * servers.json (and exports), never its value. Throws one sentence naming what is not set.
 */
export function resolveEnvReferences(config: ServerConfig, environment: Record<string, string | undefined>): ResolvedConfig {
  const values: string[] = [];
  const missing = new Set<string>();
  const fill = (text: string): string =>
    replaceBraced(text, (inner) => {
      const name = ENV_REFERENCE.exec(inner)?.[1];
      if (name === undefined) return undefined;
      const value = environment[name];
      if (value === undefined) {
        missing.add(`$${name}`);
        return undefined;
      }
      values.push(value);
      return value;
    });
  const pairs = (list: KeyValue[]): KeyValue[] =>
    list.map((pair) => {
      const value = fill(pair.value);
      return value === pair.value ? pair : { ...pair, value, secret: true };
    });
  const source = config.transport;
  const transport: TransportConfig =
    source.type === 'stdio'
      ? { ...source, command: fill(source.command), args: source.args.map(fill), env: pairs(source.env), ...(source.cwd !== undefined ? { cwd: fill(source.cwd) } : {}) }
      : { ...source, url: fill(source.url), headers: pairs(source.headers) };
  if (missing.size > 0) {
    const names = [...missing].join(', ');
    throw new LoupeError(
      `“${config.name}” refers to ${names}, which ${missing.size === 1 ? 'is' : 'are'} not set in Loupe's environment: set ${missing.size === 1 ? 'it' : 'them'} before connecting, or edit the server.`,
      'invalid-config',
    );
  }
  return { config: values.length > 0 ? { ...config, transport } : config, values };
}
