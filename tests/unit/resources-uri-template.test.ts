import { describe, expect, it } from 'vitest';
import {
  encodeTemplateValue,
  expandUriTemplate,
  parseUriTemplate,
  variableExpressions,
  type ParsedTemplate,
} from '../../renderer/src/features/resources/uri-template.js';

function parsed(text: string): ParsedTemplate {
  const result = parseUriTemplate(text);
  if (!result.ok) throw new Error(`expected ${text} to parse: ${result.message}`);
  return result.template;
}

describe('parseUriTemplate', () => {
  it('splits literals and expressions and lists each variable once, in order', () => {
    const template = parsed('test://static/resource/{id}');
    expect(template.variables).toEqual(['id']);
    expect(template.parts).toEqual([
      { kind: 'literal', text: 'test://static/resource/' },
      { kind: 'expression', operator: '', variables: [{ name: 'id', explode: false }], source: '{id}' },
    ]);
    expect(parsed('file:///{+path}{?a,b}{&c}{#frag}/{id}{/id}').variables).toEqual(['path', 'a', 'b', 'c', 'frag', 'id']);
  });

  it('reads operators, prefixes and explode modifiers', () => {
    const template = parsed('x{/seg*}{.ext}{;p:3}');
    const expressions = variableExpressions(template);
    expect(expressions.get('seg')).toEqual({ operator: '/', source: '{/seg*}' });
    expect(expressions.get('ext')?.operator).toBe('.');
    const part = template.parts.find((item) => item.kind === 'expression' && item.operator === ';');
    expect(part).toMatchObject({ variables: [{ name: 'p', prefix: 3, explode: false }] });
    expect(template.parts[1]).toMatchObject({ variables: [{ name: 'seg', explode: true }] });
  });

  it('accepts hyphens, dots and pct-encoded names, which real servers use', () => {
    expect(parsed('{resource-id}{a.b}{%41x}').variables).toEqual(['resource-id', 'a.b', '%41x']);
  });

  it('explains malformed templates instead of throwing', () => {
    expect(parseUriTemplate('a{b')).toEqual({ ok: false, message: 'The expression at character 2 has no closing “}”.' });
    expect(parseUriTemplate('a{b{c}')).toMatchObject({ ok: false });
    expect(parseUriTemplate('a{}')).toEqual({ ok: false, message: '“{}” names no variable.' });
    expect(parseUriTemplate('{?}')).toMatchObject({ ok: false, message: '“{?}” names no variable.' });
    expect(parseUriTemplate('{=x}')).toMatchObject({ ok: false, message: expect.stringContaining('reserved') });
    expect(parseUriTemplate('{a b}')).toMatchObject({ ok: false, message: expect.stringContaining('not a valid variable name') });
    expect(parseUriTemplate('{a:0}')).toMatchObject({ ok: false, message: expect.stringContaining('prefix length') });
  });

  it('treats text without expressions as one literal', () => {
    expect(parsed('plain://uri')).toEqual({ parts: [{ kind: 'literal', text: 'plain://uri' }], variables: [] });
    expect(parsed('')).toEqual({ parts: [], variables: [] });
  });
});

describe('expandUriTemplate (RFC 6570 examples)', () => {
  const values = {
    var: 'value',
    hello: 'Hello World!',
    path: '/foo/bar',
    empty: '',
    x: '1024',
    y: '768',
    half: '50%',
    base: 'http://example.com/home/',
  };
  const cases: Array<[string, string]> = [
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{half}', '50%25'],
    ['{+var}', 'value'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['{+half}', '50%25'],
    ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
    ['{+base}index', 'http://example.com/home/index'],
    ['{#var}', '#value'],
    ['{#hello}', '#Hello%20World!'],
    ['map?{x,y}', 'map?1024,768'],
    ['{+x,hello,y}', '1024,Hello%20World!,768'],
    ['X{.var}', 'X.value'],
    ['X{.x,y}', 'X.1024.768'],
    ['{/var}', '/value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y}', ';x=1024;y=768'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y}', '?x=1024&y=768'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{&x,y,empty}', '&x=1024&y=768&empty='],
    ['{var:3}', 'val'],
    ['{var:30}', 'value'],
    ['{/var:1,var}', '/v/value'],
  ];
  it.each(cases)('%s → %s', (template, expected) => {
    expect(expandUriTemplate(parsed(template), values)).toBe(expected);
  });

  it('leaves undefined variables out, with their operator prefix', () => {
    expect(expandUriTemplate(parsed('test://static/resource/{id}'), {})).toBe('test://static/resource/');
    expect(expandUriTemplate(parsed('search{?q,lang}'), { lang: 'en' })).toBe('search?lang=en');
    expect(expandUriTemplate(parsed('search{?q,lang}'), {})).toBe('search');
    expect(expandUriTemplate(parsed('a{/b,c}'), { c: 'x' })).toBe('a/x');
  });

  it('encodes non-ASCII as UTF-8 and never lets a value add structure', () => {
    expect(expandUriTemplate(parsed('{x}'), { x: 'ä/€?&' })).toBe('%C3%A4%2F%E2%82%AC%3F%26');
    expect(expandUriTemplate(parsed('{/x}'), { x: '../etc' })).toBe('/..%2Fetc');
    expect(encodeTemplateValue('😀', false)).toBe('%F0%9F%98%80');
    expect(encodeTemplateValue('\ud800', false)).toBe('%EF%BF%BD');
  });

  it('counts a prefix in characters, not UTF-16 units', () => {
    expect(expandUriTemplate(parsed('{x:2}'), { x: '😀😀😀' })).toBe('%F0%9F%98%80%F0%9F%98%80');
  });
});
