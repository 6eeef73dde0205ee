import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../../shared/collections.js';
import { collectionFileText, parseCollectionText, parseRequestText, requestFileText } from '../../main/core/collections/collection-format.js';

const EDITED_BY_HAND = `# Weather in Paris: the happy path.
name: Weather in Paris   # shown in reports

tool: weather
arguments:
  city: Paris       # the capital
  units: c
  tags: [a, b]

# What must hold:
checks:
  - outcome: success
  - path: /structuredContent/temperature
    equals: 21   # from the fixture
  - latencyMs: 500
`;

function parsed(text: string, file = 'paris.yaml'): SavedRequest {
  const result = parseRequestText(text, file);
  if ('problem' in result) throw new Error(result.problem.message);
  return result.value;
}

describe('request files: round trips keep comments and formatting', () => {
  it('saving what was read writes the same text', () => {
    expect(requestFileText(EDITED_BY_HAND, parsed(EDITED_BY_HAND))).toBe(EDITED_BY_HAND);
  });

  it('a changed value changes that line only; comments, blank lines and flow style stay', () => {
    const request = parsed(EDITED_BY_HAND);
    const edited = { ...request, arguments: { ...(request as { arguments: object }).arguments, units: 'f' } };
    expect(requestFileText(EDITED_BY_HAND, edited)).toBe(EDITED_BY_HAND.replace('units: c', 'units: f'));
  });

  it('a new check is added at the end of the list, a removed one goes, a new key goes where Loupe puts it; every comment stays', () => {
    const request = parsed(EDITED_BY_HAND);
    const edited: SavedRequest = { ...request, server: 'local', checks: [...request.checks!.slice(0, 2), { path: '/content/0/text', matches: '^Paris', flags: 'i' }] };
    // A change of structure lays the file out again: a comment after a value follows it by one space.
    const relaid = EDITED_BY_HAND.replace(/ +#/g, ' #');
    expect(requestFileText(EDITED_BY_HAND, edited)).toBe(
      relaid.replace('name: Weather in Paris # shown in reports\n', 'name: Weather in Paris # shown in reports\nserver: local\n').replace(
        '  - latencyMs: 500\n',
        '  - path: /content/0/text\n    matches: ^Paris\n    flags: i\n',
      ),
    );
  });

  it('a changed text keeps its quotes', () => {
    const text = 'tool: echo\narguments:\n  message: "hello"   # quoted\n';
    expect(requestFileText(text, { tool: 'echo', arguments: { message: 'good: bye' } })).toBe('tool: echo\narguments:\n  message: "good: bye"   # quoted\n');
  });

  it('a new file has its keys in one order, whatever order they came in', () => {
    const text = requestFileText(undefined, { checks: [{ equals: 1, path: '/a', name: 'one' }], arguments: { b: 1, a: 2 }, tool: 'echo', name: 'Echo' } as SavedRequest);
    expect(text).toBe('# A Loupe request: see docs/collections.md\nname: Echo\ntool: echo\narguments:\n  b: 1\n  a: 2\nchecks:\n  - name: one\n    path: /a\n    equals: 1\n');
    expect(parsed(text)).toEqual({ name: 'Echo', tool: 'echo', arguments: { b: 1, a: 2 }, checks: [{ name: 'one', path: '/a', equals: 1 }] });
  });

  it('collection.yaml round trips too', () => {
    const text = 'loupe: 1\nname: Mine # the name\nservers:\n  local:\n    command: node\n    args: [server.js]\n';
    const result = parseCollectionText(text, 'collection.yaml');
    if ('problem' in result) throw new Error(result.problem.message);
    expect(collectionFileText(text, result.value)).toBe(text);
  });
});

describe('broken files: one sentence naming the file and the line', () => {
  const problem = (text: string, file = 'search/by-city.yaml') => {
    const result = parseRequestText(text, file);
    return 'problem' in result ? result.problem : undefined;
  };

  it.each([
    ['a YAML syntax error', 'tool: echo\narguments:\n  message: hi\n bad: x\n', 4, 'search/by-city.yaml, line 4: All mapping items must start at the same column.'],
    ['a duplicate key', 'tool: echo\ntool: again\n', 2, 'search/by-city.yaml, line 2: Map keys must be unique.'],
    ['an unknown field', 'tool: echo\nchecks:\n  - outcome: success\n    bogus: 1\n', 4, 'search/by-city.yaml, line 4: "checks[0].bogus" is not a field Loupe knows.'],
    ['a bad path', 'tool: echo\nchecks:\n  - outcome: success\n  - path: content\n    exists: true\n', 4, 'search/by-city.yaml, line 4: "checks[1].path" must be a JSON Pointer (/a/0) or a JSONPath ($.a[0]).'],
    ['two kinds in one check', 'tool: echo\nchecks:\n  - equals: 1\n    latencyMs: 3\n', 3, 'search/by-city.yaml, line 3: "checks[0]" has both equals and latencyMs: a check is one of them.'],
    ['no action', 'name: nothing\n', 1, 'search/by-city.yaml, line 1: The file needs one of tool, resource or prompt.'],
    ['two actions', 'tool: echo\nprompt: greet\n', 1, 'search/by-city.yaml, line 1: The file has both tool and prompt: a request sends one of them.'],
    ['a bad regex flag', 'tool: echo\nchecks:\n  - path: /a\n    matches: x\n    flags: g\n', 5, 'search/by-city.yaml, line 5: "checks[0].flags" must be made of the flags i, m, s and u.'],
    ['prompt arguments that are not text', 'prompt: greet\narguments:\n  name: [1]\n', 3, 'search/by-city.yaml, line 3: "arguments.name" must be text.'],
    ['nesting past the bound', `tool: echo\narguments:\n  deep: ${'['.repeat(100)}${']'.repeat(100)}\n`, 3, 'search/by-city.yaml, line 3: the file nests more than 64 levels deep.'],
  ])('%s', (_what, text, line, message) => {
    const found = problem(text);
    expect(found?.line).toBe(line);
    expect(found?.message).toBe(message);
  });

  it('collection.yaml: a server without a command or url', () => {
    const result = parseCollectionText('loupe: 1\nname: x\nservers:\n  a:\n    era: auto\n', 'collection.yaml');
    expect(result).toEqual({ problem: { file: 'collection.yaml', line: 5, message: 'collection.yaml, line 5: "servers.a" must have a command (a stdio server) or a url (an HTTP server).' } });
  });

  it('collection.yaml: a format version this Loupe does not read', () => {
    const result = parseCollectionText('loupe: 2\nname: x\nservers: {}\n', 'collection.yaml');
    expect('problem' in result && result.problem.message).toBe('collection.yaml, line 1: "loupe" must be 1 (the format version this Loupe reads).');
  });
});
