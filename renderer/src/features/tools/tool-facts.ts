/** What the tool list and detail say about a tool: annotation badges, duplicates, filtering. */
import type { ToolInfo } from '../../../../shared/mcp.js';
import { compileTextFilter } from '../../../../shared/filter/text-filter.js';
import { NAMED_ITEM_FILTER_KEYS } from '../../ui/list-filter.js';

export interface AnnotationBadge {
  id: 'read-only' | 'destructive' | 'idempotent' | 'open-world';
  label: string;
  /** What the hint means, for the tooltip. */
  explanation: string;
}

/**
 * Badges for the hints a tool declares. Only hints stated as true are shown: the spec's defaults
 * (destructive and open-world when unstated) are not claims the server made.
 */
export function annotationBadges(tool: ToolInfo): AnnotationBadge[] {
  const hints = tool.annotations ?? {};
  const badges: AnnotationBadge[] = [];
  if (hints.readOnlyHint === true) badges.push({ id: 'read-only', label: 'read-only', explanation: 'Read-only: the tool says it does not modify its environment.' });
  if (hints.destructiveHint === true && hints.readOnlyHint !== true) {
    badges.push({ id: 'destructive', label: 'destructive', explanation: 'Destructive: the tool says it may delete or overwrite data.' });
  }
  if (hints.idempotentHint === true) {
    badges.push({ id: 'idempotent', label: 'idempotent', explanation: 'Idempotent: calling it again with the same arguments has no further effect.' });
  }
  if (hints.openWorldHint === true) {
    badges.push({ id: 'open-world', label: 'open world', explanation: 'Open world: the tool reaches outside systems (the web, other services).' });
  }
  return badges;
}

/** The title to show beside the name, if it says something the name does not. */
export function toolTitle(tool: ToolInfo): string | undefined {
  const title = tool.title ?? tool.annotations?.title;
  return title && title !== tool.name ? title : undefined;
}

export interface ToolEntry {
  tool: ToolInfo;
  /** Unique in the list: the name, with `#n` for the n-th (n ≥ 2) tool of the same name. */
  key: string;
  /** How many tools in the list have this name (more than 1 breaks the spec). */
  sameName: number;
}

export function listEntries(tools: readonly ToolInfo[]): ToolEntry[] {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return tools.map((tool) => {
    const occurrence = (seen.get(tool.name) ?? 0) + 1;
    seen.set(tool.name, occurrence);
    return { tool, key: occurrence === 1 ? tool.name : `${tool.name}#${occurrence}`, sameName: counts.get(tool.name) ?? 1 };
  });
}

/** Entries whose tool matches the query: words in its name, title or description, `name:`, `title:`, /regex/, `-` to negate. */
export function filterEntries(entries: readonly ToolEntry[], query: string): readonly ToolEntry[] {
  if (query.trim() === '') return entries;
  const filter = compileTextFilter(query, NAMED_ITEM_FILTER_KEYS.map((key) => key.key));
  return entries.filter(({ tool }) => filter.matches({ name: tool.name, title: tool.title ?? tool.annotations?.title, description: tool.description }));
}
