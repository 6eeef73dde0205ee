import { CLIENT_PRESETS, describeClientEmulation } from '../../../../shared/client-emulation';
import { COMPARED_LISTS, type CompareClientId, type CompareDifference, type CompareDifferenceKind, type ComparedList, type CompareSide } from '../../../../shared/compare';
import type { JsonObject } from '../../../../shared/mcp';
import { isObject } from '../../../../shared/is-object';
import type { ServerConfig } from '../../../../shared/server-config';

/** The clients a side may present as, named as the person knows them. */
export function clientChoices(server: ServerConfig): Array<{ id: CompareClientId; label: string }> {
  return [
    { id: 'saved', label: `As saved: ${describeClientEmulation(server.client)}` },
    { id: 'loupe', label: 'MCP Loupe (itself)' },
    ...CLIENT_PRESETS.map((preset) => ({ id: preset.id, label: preset.label })),
  ];
}

/** Side B's first choice: a preset the saved setting is not. */
export function defaultOther(server: ServerConfig): CompareClientId {
  const saved = server.client && 'preset' in server.client ? server.client.preset : undefined;
  return CLIENT_PRESETS.find((preset) => preset.id !== saved)?.id ?? 'loupe';
}

export const LIST_TITLES: Record<ComparedList, string> = { tools: 'Tools', resources: 'Resources', resourceTemplates: 'Templates', prompts: 'Prompts' };
const SUBJECT_LISTS: Record<string, { list: ComparedList; key: string }> = {
  tool: { list: 'tools', key: 'name' },
  resource: { list: 'resources', key: 'uri' },
  template: { list: 'resourceTemplates', key: 'uriTemplate' },
  prompt: { list: 'prompts', key: 'name' },
};

/** What a difference is about, on one side: the list item or the capability it names (undefined where that side has none). */
export function subjectValue(side: CompareSide, subject: string): unknown {
  const space = subject.indexOf(' ');
  const kind = subject.slice(0, space);
  const id = subject.slice(space + 1);
  if (kind === 'capability') return side.capabilities?.[id];
  const where = SUBJECT_LISTS[kind];
  if (!where) return undefined;
  return side.lists?.[where.list]?.find((item: JsonObject) => String(item[where.key]) === id);
}

export function byKind(differences: CompareDifference[]): Record<CompareDifferenceKind, CompareDifference[]> {
  const groups: Record<CompareDifferenceKind, CompareDifference[]> = { 'only-a': [], 'only-b': [], differs: [] };
  for (const difference of differences) groups[difference.kind].push(difference);
  return groups;
}

/** The count of each list on a side, or why there is none. */
export function listCount(side: CompareSide, list: ComparedList): string {
  if (side.failure) return '—';
  const items = side.lists?.[list];
  return items ? String(items.length) : 'failed';
}

/**
 * Capabilities in a few words: each name with the names inside it, e.g.
 * "elicitation (form, url), roots (listChanged), sampling"; "none" for an empty set.
 */
export function capabilityNames(capabilities: JsonObject): string {
  const names = Object.keys(capabilities)
    .sort()
    .map((name) => {
      const value = capabilities[name];
      const inner = isObject(value) ? Object.keys(value).sort() : [];
      return inner.length > 0 ? `${name} (${inner.join(', ')})` : name;
    });
  return names.join(', ') || 'none';
}

export { COMPARED_LISTS };
