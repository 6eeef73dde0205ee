import { describe, expect, it } from 'vitest';
import { filterSuggestions } from '../../renderer/src/ui/filter/filter-suggestions.js';
import { TRAFFIC_FILTER_KEYS, trafficFilterValues } from '../../renderer/src/features/traffic/traffic-filter-keys.js';

const KNOWN = { methods: ['tools/list', 'tools/call', 'prompts/get'], names: ['echo', 'file:///a b.txt'], servers: ['Everything (demo)', 'fixture'] };
const at = (text: string) => filterSuggestions(text, text.length, TRAFFIC_FILTER_KEYS, (key) => trafficFilterValues(key, KNOWN));

describe('filter suggestions', () => {
  it('offers the keys a term could start, and nothing for free text, phrases or regexes', () => {
    expect(at('m').items.map((item) => item.label)).toEqual(['method:']);
    expect(at('is:error s').items.map((item) => item.label)).toEqual(['server:', 'smaller-than:']);
    expect(at('hello').items).toEqual([]);
    expect(at('"m').items).toEqual([]);
    expect(at('/m').items).toEqual([]);
    expect(at('').items).toEqual([]);
  });

  it('offers known values for a key, prefix matches first, and replaces only the term', () => {
    const list = at('is:ok method:to');
    expect(list.items.map((item) => item.insert)).toEqual(['method:tools/call ', 'method:tools/list ']);
    expect([list.from, list.to]).toEqual([6, 15]);
    expect(at('-server:ever').items.map((item) => item.insert)).toEqual(['server:"Everything (demo)" ']);
    expect(at('-server:ever').from).toBe(1);
    expect(at('name:a').items.map((item) => item.insert)).toEqual(['name:"file:///a b.txt" ']);
    expect(at('is:t').items.map((item) => item.label)).toEqual(['timeout', 'tool-error', 'input', 'violation']);
    expect(at('larger-than:1').items).toEqual([]);
  });
});
