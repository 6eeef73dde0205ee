/** One side of a comparison: what a temporary session was offered, read off its connection. */
import { COMPARE_LIMITS, COMPARED_LISTS, type ComparedList, type CompareSide } from '../../../shared/compare.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { Connection } from '../connections/connection.js';
import { sortedKeys } from '../collections/stable-json.js';
import { fetchAllPages, ListNotOffered } from '../lists/fetch-all-pages.js';
import { announces, SPECS } from '../lists/server-lists.js';

type SideHead = Pick<CompareSide, 'client' | 'label' | 'clientInfo' | 'clientCapabilities' | 'connectionId'>;

/** How each list's items are keyed and ordered. */
export const ITEM_KEYS: Record<ComparedList, string> = { tools: 'name', resources: 'uri', resourceTemplates: 'uriTemplate', prompts: 'name' };

export async function collectSide(connection: Connection, head: SideHead): Promise<CompareSide> {
  const state = connection.state;
  if (state.status !== 'connected' || !state.server) {
    return { ...head, failure: state.failure?.message ?? 'The server did not connect.', problems: [] };
  }
  const identity = state.server;
  const problems: string[] = [];
  const lists: Partial<Record<ComparedList, JsonObject[]>> = {};
  for (const name of COMPARED_LISTS) {
    const spec = SPECS[name];
    if (!announces(identity.capabilities, spec.capability)) {
      lists[name] = [];
      continue;
    }
    try {
      const outcome = await fetchAllPages<unknown>(connection, spec.method, spec.itemsKey, spec.toView);
      let items = outcome.items;
      if (items.length > COMPARE_LIMITS.maxItemsPerList) {
        problems.push(`${spec.method} offered ${items.length} items; the first ${COMPARE_LIMITS.maxItemsPerList} are compared.`);
        items = items.slice(0, COMPARE_LIMITS.maxItemsPerList);
      }
      if (outcome.violations.length > 0) problems.push(`${spec.method} broke the MCP schema in ${outcome.violations.length} places (its messages are in the traffic log).`);
      const key = ITEM_KEYS[name];
      lists[name] = items.map((item) => sortedKeys(item) as JsonObject).sort((a, b) => String(a[key]).localeCompare(String(b[key])));
    } catch (error) {
      if (error instanceof ListNotOffered) {
        lists[name] = [];
        continue;
      }
      problems.push(`${spec.method} failed, so this list is not compared: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const instructions = identity.instructions;
  return {
    ...head,
    server: {
      name: identity.name,
      version: identity.version,
      ...(identity.title !== undefined ? { title: identity.title } : {}),
      protocolVersion: identity.protocolVersion,
      era: identity.era,
      ...(instructions !== undefined ? { instructions: instructions.slice(0, COMPARE_LIMITS.maxInstructionsChars) } : {}),
    },
    capabilities: sortedKeys(identity.capabilities) as JsonObject,
    lists,
    problems,
  };
}
