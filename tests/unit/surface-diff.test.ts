import { describe, expect, it } from 'vitest';
import type { CapabilitySnapshot, ChangeClass } from '../../shared/collections.js';
import type { JsonObject } from '../../shared/mcp.js';
import { diffSurfaces, failsAt } from '../../main/core/collections/surface-diff.js';

function surface(parts: Partial<CapabilitySnapshot> = {}): CapabilitySnapshot {
  return {
    loupeSurface: 1,
    takenAt: '2026-12-01T00:00:00.000Z',
    server: { name: 's', version: '1', protocolVersion: '2025-11-25', era: 'legacy' },
    capabilities: { tools: {}, resources: { subscribe: true }, prompts: {} },
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    ...parts,
  };
}

const tool = (inputSchema: JsonObject, more: JsonObject = {}): JsonObject => ({ name: 't', inputSchema: { type: 'object', ...inputSchema }, ...more });
const withTool = (inputSchema: JsonObject, more: JsonObject = {}) => surface({ tools: [tool(inputSchema, more)] });
const output = (outputSchema: JsonObject) => surface({ tools: [tool({}, { outputSchema: { type: 'object', ...outputSchema } })] });
const str = { type: 'string' };

/** [what changes, before, after, the classes of the changes found]. */
const TABLE: Array<[string, CapabilitySnapshot, CapabilitySnapshot, ChangeClass[]]> = [
  ['nothing', withTool({ properties: { a: str } }), withTool({ properties: { a: str } }), []],
  ['a tool removed', withTool({}), surface(), ['breaking']],
  ['a tool added', surface(), withTool({}), ['additive']],
  ['a resource removed', surface({ resources: [{ uri: 'file:///a', name: 'a' }] }), surface(), ['breaking']],
  ['a template removed', surface({ resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x' }] }), surface(), ['breaking']],
  ['a prompt removed', surface({ prompts: [{ name: 'p', arguments: [] }] }), surface(), ['breaking']],
  ['a new required argument', withTool({ properties: { a: str } }), withTool({ properties: { a: str, b: str }, required: ['b'] }), ['breaking']],
  ['a new optional argument', withTool({ properties: { a: str } }), withTool({ properties: { a: str, b: str } }), ['additive']],
  ['an argument made required', withTool({ properties: { a: str } }), withTool({ properties: { a: str }, required: ['a'] }), ['breaking']],
  ['an argument made optional', withTool({ properties: { a: str }, required: ['a'] }), withTool({ properties: { a: str } }), ['additive']],
  ['an argument removed', withTool({ properties: { a: str, b: str } }), withTool({ properties: { a: str } }), ['breaking']],
  ['a type narrowed (number → integer)', withTool({ properties: { n: { type: 'number' } } }), withTool({ properties: { n: { type: 'integer' } } }), ['breaking']],
  ['a type narrowed (string|null → string)', withTool({ properties: { n: { type: ['string', 'null'] } } }), withTool({ properties: { n: str } }), ['breaking']],
  ['a type widened (integer → number)', withTool({ properties: { n: { type: 'integer' } } }), withTool({ properties: { n: { type: 'number' } } }), ['additive']],
  ['a type changed (string → number)', withTool({ properties: { n: str } }), withTool({ properties: { n: { type: 'number' } } }), ['breaking']],
  ['an enum value removed', withTool({ properties: { u: { type: 'string', enum: ['c', 'f', 'k'] } } }), withTool({ properties: { u: { type: 'string', enum: ['c', 'f'] } } }), ['breaking']],
  ['an enum value added', withTool({ properties: { u: { type: 'string', enum: ['c'] } } }), withTool({ properties: { u: { type: 'string', enum: ['c', 'f'] } } }), ['additive']],
  ['a nested required property', withTool({ properties: { o: { type: 'object', properties: { x: str } } } }), withTool({ properties: { o: { type: 'object', properties: { x: str }, required: ['x'] } } }), ['breaking']],
  ['an array item type narrowed', withTool({ properties: { l: { type: 'array', items: { type: 'number' } } } }), withTool({ properties: { l: { type: 'array', items: { type: 'integer' } } } }), ['breaking']],
  ['a maximum lowered', withTool({ properties: { n: { type: 'number', maximum: 10 } } }), withTool({ properties: { n: { type: 'number', maximum: 5 } } }), ['breaking']],
  ['a minimum lowered', withTool({ properties: { n: { type: 'number', minimum: 5 } } }), withTool({ properties: { n: { type: 'number', minimum: 0 } } }), ['additive']],
  ['additionalProperties closed', withTool({ properties: { a: str } }), withTool({ properties: { a: str }, additionalProperties: false }), ['breaking']],
  ['an unknown keyword changed', withTool({ properties: { a: { type: 'string', pattern: '^a' } } }), withTool({ properties: { a: { type: 'string', pattern: '^b' } } }), ['breaking']],
  ['a property removed from the output schema', output({ properties: { a: str, b: str } }), output({ properties: { a: str } }), ['breaking']],
  ['a property added to the output schema', output({ properties: { a: str } }), output({ properties: { a: str, b: str } }), ['additive']],
  ['an output property no longer required', output({ properties: { a: str }, required: ['a'] }), output({ properties: { a: str } }), ['breaking']],
  ['an output type widened', output({ properties: { a: { type: 'integer' } } }), output({ properties: { a: { type: 'number' } } }), ['breaking']],
  ['the output schema removed', output({ properties: { a: str } }), withTool({}), ['breaking']],
  ['an output schema added', withTool({}), output({ properties: { a: str } }), ['additive']],
  ['a description changed', withTool({}, { description: 'old' }), withTool({}, { description: 'new' }), ['cosmetic']],
  ['a title changed', withTool({}, { title: 'Old' }), withTool({}, { title: 'New' }), ['cosmetic']],
  ['an annotation hint changed', withTool({}, { annotations: { readOnlyHint: true } }), withTool({}, { annotations: { readOnlyHint: false } }), ['cosmetic']],
  ['an argument description changed', withTool({ properties: { a: { type: 'string', description: 'x' } } }), withTool({ properties: { a: { type: 'string', description: 'y' } } }), ['cosmetic']],
  ['a prompt argument added, required', surface({ prompts: [{ name: 'p', arguments: [] }] }), surface({ prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }] }] }), ['breaking']],
  ['a prompt argument added, optional', surface({ prompts: [{ name: 'p', arguments: [] }] }), surface({ prompts: [{ name: 'p', arguments: [{ name: 'a' }] }] }), ['additive']],
  ['a prompt argument removed', surface({ prompts: [{ name: 'p', arguments: [{ name: 'a' }] }] }), surface({ prompts: [{ name: 'p', arguments: [] }] }), ['breaking']],
  ['a resource MIME type changed', surface({ resources: [{ uri: 'u', name: 'u', mimeType: 'text/plain' }] }), surface({ resources: [{ uri: 'u', name: 'u', mimeType: 'application/json' }] }), ['breaking']],
  ['a resource description changed', surface({ resources: [{ uri: 'u', name: 'u', description: 'a' }] }), surface({ resources: [{ uri: 'u', name: 'u', description: 'b' }] }), ['cosmetic']],
  ['a capability removed', surface(), surface({ capabilities: { tools: {}, resources: { subscribe: true } } }), ['breaking']],
  ['a capability flag turned off', surface(), surface({ capabilities: { tools: {}, resources: {}, prompts: {} } }), ['breaking']],
  ['a capability added', surface(), surface({ capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} } }), ['additive']],
];

describe('capability diff: each change is classified', () => {
  it.each(TABLE)('%s', (_what, before, after, expected) => {
    const diff = diffSurfaces(before, after);
    expect(diff.changes.map((change) => change.class)).toEqual(expected);
    for (const change of diff.changes) expect(change.message).toMatch(/^[A-Z"].*\.$/);
  });

  it('says what broke in one sentence', () => {
    const diff = diffSurfaces(withTool({ properties: { a: str } }), withTool({ properties: { a: str, b: str }, required: ['b'] }));
    expect(diff.changes).toEqual([{ class: 'breaking', subject: 'tool t', path: '/inputSchema/properties/b', message: 'The tool "t" has a new required argument "b": calls without it will fail.' }]);
  });

  it('--fail-on: a change at or above the level fails', () => {
    const additive = diffSurfaces(surface(), withTool({}));
    expect([failsAt(additive, 'breaking'), failsAt(additive, 'additive'), failsAt(additive, 'cosmetic'), failsAt(additive, 'any')]).toEqual([false, true, true, true]);
    const none = diffSurfaces(surface(), surface());
    expect(failsAt(none, 'any')).toBe(false);
  });
});
