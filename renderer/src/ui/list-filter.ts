import type { PromptInfo, ResourceInfo, ResourceTemplateInfo } from '../../../shared/mcp.js';
import type { FilterKey } from '../../../shared/filter/filter-terms.js';
import { compileTextFilter } from '../../../shared/filter/text-filter.js';

/** The keys a list filter understands, e.g. `name:echo -title:old` (tools and prompts have no `uri`). */
export const LIST_FILTER_KEYS: readonly FilterKey[] = [
  { key: 'name', detail: 'name contains' },
  { key: 'title', detail: 'title contains' },
  { key: 'description', detail: 'description contains' },
  { key: 'uri', detail: 'URI or URI template contains' },
];
export const NAMED_ITEM_FILTER_KEYS: readonly FilterKey[] = LIST_FILTER_KEYS.filter((key) => key.key !== 'uri');

/** Items whose fields match the query (every term: words in any field, `name:`, `uri:` and the like, /regex/, `-` to negate). */
function filterItems<T>(items: readonly T[], query: string, fieldsOf: (item: T) => Record<string, string | undefined>): readonly T[] {
  if (!query.trim()) return items;
  const filter = compileTextFilter(query, LIST_FILTER_KEYS.map((key) => key.key));
  return items.filter((item) => filter.matches(fieldsOf(item)));
}

export function filterResources(items: readonly ResourceInfo[], query: string): readonly ResourceInfo[] {
  return filterItems(items, query, (item) => ({ name: item.name, title: item.title, description: item.description, uri: item.uri }));
}

export function filterTemplates(items: readonly ResourceTemplateInfo[], query: string): readonly ResourceTemplateInfo[] {
  return filterItems(items, query, (item) => ({ name: item.name, title: item.title, description: item.description, uri: item.uriTemplate }));
}

export function filterPrompts(items: readonly PromptInfo[], query: string): readonly PromptInfo[] {
  return filterItems(items, query, (item) => ({ name: item.name, title: item.title, description: item.description }));
}

/** "100 resources", or "3 of 100 resources" while a filter hides some. */
export function countLabel(shown: number, total: number, one: string, many = `${one}s`): string {
  const noun = total === 1 ? one : many;
  return shown === total ? `${total.toLocaleString()} ${noun}` : `${shown.toLocaleString()} of ${total.toLocaleString()} ${noun}`;
}
