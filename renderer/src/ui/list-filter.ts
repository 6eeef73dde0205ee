import type { PromptInfo, ResourceInfo, ResourceTemplateInfo } from '../../../shared/mcp.js';
import { matchesQuery } from './text-filter.js';

/** Every word of the query must appear in the name, title, description or URI. */
export function filterResources(items: readonly ResourceInfo[], query: string): readonly ResourceInfo[] {
  if (!query.trim()) return items;
  return items.filter((item) => matchesQuery(query, [item.name, item.title, item.description, item.uri]));
}

export function filterTemplates(items: readonly ResourceTemplateInfo[], query: string): readonly ResourceTemplateInfo[] {
  if (!query.trim()) return items;
  return items.filter((item) => matchesQuery(query, [item.name, item.title, item.description, item.uriTemplate]));
}

export function filterPrompts(items: readonly PromptInfo[], query: string): readonly PromptInfo[] {
  if (!query.trim()) return items;
  return items.filter((item) => matchesQuery(query, [item.name, item.title, item.description]));
}

/** "100 resources", or "3 of 100 resources" while a filter hides some. */
export function countLabel(shown: number, total: number, one: string, many = `${one}s`): string {
  const noun = total === 1 ? one : many;
  return shown === total ? `${total.toLocaleString()} ${noun}` : `${shown.toLocaleString()} of ${total.toLocaleString()} ${noun}`;
}
