import { describe, expect, it } from 'vitest';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo } from '../../shared/mcp.js';
import { countLabel, filterPrompts, filterResources, filterTemplates } from '../../renderer/src/ui/list-filter.js';

const resources: ResourceInfo[] = Array.from({ length: 100 }, (_, index) => ({
  uri: `test://static/resource/${index + 1}`,
  name: `Resource ${index + 1}`,
}));
resources.push({ uri: 'file:///notes.md', name: 'notes', title: 'Meeting Notes', description: 'Weekly sync minutes' });

describe('filterResources', () => {
  it('returns the same list when the query is empty or blank', () => {
    expect(filterResources(resources, '')).toBe(resources);
    expect(filterResources(resources, '   ')).toBe(resources);
  });

  it('matches the URI, the name, the title and the description, case-insensitively', () => {
    expect(filterResources(resources, 'resource/43').map((item) => item.name)).toEqual(['Resource 43']);
    expect(filterResources(resources, 'MEETING').map((item) => item.name)).toEqual(['notes']);
    expect(filterResources(resources, 'sync').map((item) => item.name)).toEqual(['notes']);
    expect(filterResources(resources, 'notes.md').map((item) => item.name)).toEqual(['notes']);
  });

  it('needs every word to match somewhere', () => {
    expect(filterResources(resources, 'resource 9')).toHaveLength(19);
    expect(filterResources(resources, 'weekly minutes')).toHaveLength(1);
    expect(filterResources(resources, 'weekly resource')).toHaveLength(0);
  });

  it('handles items that lack optional fields', () => {
    expect(filterResources([{ uri: '', name: '' }], 'x')).toEqual([]);
  });
});

describe('filterTemplates and filterPrompts', () => {
  const templates: ResourceTemplateInfo[] = [
    { uriTemplate: 'test://static/resource/{id}', name: 'Static Resource', description: 'A static resource with a numeric ID' },
    { uriTemplate: 'demo://{kind}/{id}', name: 'demo', title: 'Dynamic' },
  ];
  const prompts: PromptInfo[] = [
    { name: 'simple_prompt', description: 'A prompt without arguments', arguments: [] },
    { name: 'completable-prompt', title: 'Team Management', arguments: [{ name: 'department' }] },
  ];

  it('filters templates over the URI template too', () => {
    expect(filterTemplates(templates, '{kind}').map((item) => item.name)).toEqual(['demo']);
    expect(filterTemplates(templates, 'numeric').map((item) => item.name)).toEqual(['Static Resource']);
    expect(filterTemplates(templates, 'dynamic').map((item) => item.name)).toEqual(['demo']);
  });

  it('filters prompts by name, title and description', () => {
    expect(filterPrompts(prompts, 'team').map((item) => item.name)).toEqual(['completable-prompt']);
    expect(filterPrompts(prompts, 'without').map((item) => item.name)).toEqual(['simple_prompt']);
    expect(filterPrompts(prompts, 'prompt')).toHaveLength(2);
  });
});

describe('countLabel', () => {
  it('says how many, and how many of how many while filtered', () => {
    expect(countLabel(100, 100, 'resource')).toBe('100 resources');
    expect(countLabel(1, 1, 'page')).toBe('1 page');
    expect(countLabel(3, 1200, 'resource')).toBe('3 of 1,200 resources');
    expect(countLabel(0, 1, 'template')).toBe('0 of 1 template');
  });
});
