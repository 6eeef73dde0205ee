import { CLIENT_PRESET_IDS, type ClientEmulation, type ClientPresetId } from '../../../../shared/client-emulation.js';
import { isObject } from '../../../../shared/is-object.js';

/** Who Loupe presents itself as: itself, a preset client, or a custom clientInfo. */
export type ClientChoice = 'loupe' | ClientPresetId | 'custom';

/** The "Present as" part of the server form; a custom client's fields as typed. */
export interface ClientDraft {
  choice: ClientChoice;
  name: string;
  version: string;
  title: string;
  /** Comma-separated, the one sent first first. */
  protocolVersions: string;
  /** JSON text of the capabilities object. */
  capabilities: string;
}

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

export function clientDraftFrom(setting: ClientEmulation | undefined): ClientDraft {
  const custom = setting && 'custom' in setting ? setting.custom : undefined;
  return {
    choice: !setting ? 'loupe' : 'preset' in setting ? setting.preset : 'custom',
    name: custom?.clientInfo.name ?? '',
    version: custom?.clientInfo.version ?? '',
    title: custom?.clientInfo.title ?? '',
    protocolVersions: custom?.protocolVersions.join(', ') ?? '2025-11-25',
    capabilities: custom ? JSON.stringify(custom.capabilities, null, 2) : '{}',
  };
}

export function isPresetChoice(choice: string): choice is ClientPresetId {
  return (CLIENT_PRESET_IDS as readonly string[]).includes(choice);
}

const versionsOf = (text: string) =>
  text
    .split(',')
    .map((version) => version.trim())
    .filter((version) => version !== '');

function parseCapabilities(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text.trim() === '' ? '{}' : text);
    return isObject(value) ? value : 'The capabilities must be a JSON object, e.g. {"roots": {}}.';
  } catch (error) {
    return `The capabilities are not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Adds the custom client's problems (keys `client.name`, `client.version`, …); the core checks its bounds again. */
export function validateClientDraft(draft: ClientDraft, errors: Partial<Record<string, string>>): void {
  if (draft.choice !== 'custom') return;
  if (draft.name.trim() === '') errors['client.name'] = 'Enter the client’s name, as clientInfo.name.';
  if (draft.version.trim() === '') errors['client.version'] = 'Enter the client’s version, as clientInfo.version.';
  const versions = versionsOf(draft.protocolVersions);
  const wrong = versions.find((version) => !REVISION.test(version));
  if (versions.length === 0) errors['client.protocolVersions'] = 'List at least one protocol revision, e.g. 2025-11-25.';
  else if (wrong) errors['client.protocolVersions'] = `“${wrong}” is not a protocol revision (YYYY-MM-DD).`;
  const capabilities = parseCapabilities(draft.capabilities);
  if (typeof capabilities === 'string') errors['client.capabilities'] = capabilities;
}

/** The `client` setting to save (nothing for Loupe itself); call on a valid draft. */
export function clientSetting(draft: ClientDraft): { client?: ClientEmulation } {
  if (isPresetChoice(draft.choice)) return { client: { preset: draft.choice } };
  if (draft.choice !== 'custom') return {};
  const capabilities = parseCapabilities(draft.capabilities);
  const title = draft.title.trim();
  return {
    client: {
      custom: {
        clientInfo: { name: draft.name.trim(), version: draft.version.trim(), ...(title ? { title } : {}) },
        capabilities: typeof capabilities === 'string' ? {} : capabilities,
        protocolVersions: versionsOf(draft.protocolVersions),
      },
    },
  };
}
