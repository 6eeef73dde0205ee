/** One filter language for every filter box: the lists speak the traffic log's grammar too. */
import { describe, expect, test } from 'vitest';
import type { ToolInfo } from '../../shared/mcp.js';
import { filterEntries, listEntries } from '../../renderer/src/features/tools/tool-facts.js';
import { parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import { compileTextFilter } from '../../shared/filter/text-filter.js';
import { filterResources } from '../../renderer/src/ui/list-filter.js';

const tool = (name: string, description: string, title?: string): ToolInfo => ({ name, description, inputSchema: { type: 'object' }, ...(title ? { title } : {}) }) as ToolInfo;

describe('the shared filter language', () => {
  test('words, phrases, keys, /regex/ and negation on named fields', () => {
    const filter = compileTextFilter('name:echo -"do not" /^ec/', ['name', 'description']);
    expect(filter.matches({ name: 'echo', description: 'Echoes back' })).toBe(true);
    expect(filter.matches({ name: 'echo', description: 'do not echo' })).toBe(false);
    expect(filter.matches({ name: 'add', description: 'echo' })).toBe(false);
    expect(compileTextFilter('/(/').errors).toEqual([expect.stringMatching(/^Invalid regular expression/)]);
    // An unknown key is plain text, so "a:b" in a description still matches.
    expect(compileTextFilter('ratio:1', ['name']).matches({ name: 'x', description: 'ratio:1.0' })).toBe(true);
  });

  test('the tool, resource and traffic filters parse the same terms', () => {
    const entries = listEntries([tool('echo', 'Echoes back the input'), tool('add', 'Adds two numbers', 'Adder'), tool('echo-slow', 'Echo, slowly')]);
    expect(filterEntries(entries, 'echo -name:slow').map((entry) => entry.tool.name)).toEqual(['echo']);
    expect(filterEntries(entries, 'title:adder').map((entry) => entry.tool.name)).toEqual(['add']);
    expect(filterEntries(entries, '/numbers$/').map((entry) => entry.tool.name)).toEqual(['add']);
    const resources = [{ name: 'a', uri: 'file:///a.md' }, { name: 'b', uri: 'https://b' }] as Parameters<typeof filterResources>[0];
    expect(filterResources(resources, 'uri:file').map((resource) => resource.name)).toEqual(['a']);
    expect(parseTrafficQuery('-"do not" /^ec/').clauses.map((clause) => clause.type)).toEqual(['text', 'regex']);
  });
});
