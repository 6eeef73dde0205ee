import { describe, expect, it } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import { parseCliArgs } from '../../main/cli/cli-args.js';
import { UsageError } from '../../main/cli/exit-codes.js';
import { chooseReply, parseReplies, RepliesError } from '../../main/cli/replies.js';

const parse = (...argv: string[]) => parseCliArgs(argv, '/data');

describe('loupe command line', () => {
  it('reads a tool call on an ad-hoc command, everything after -- being the server', () => {
    expect(parse('tools', 'call', 'echo', '--args', '{"message":"hi"}', '--json', '--', 'node', 'server.js', '--port', '1')).toEqual({
      kind: 'server',
      action: { kind: 'tools.call', name: 'echo', arguments: { message: 'hi' } },
      target: { kind: 'stdio', command: 'node', args: ['server.js', '--port', '1'], env: [] },
      options: { dataDir: '/data', json: true },
    });
  });

  it('reads a URL with its transport and headers, and a configured server by name', () => {
    const url = parse('resources', 'list', '--url', 'https://example.com/mcp', '--transport', 'sse', '--header', 'Authorization: Bearer x');
    expect(url).toMatchObject({ target: { kind: 'http', transport: 'sse', url: 'https://example.com/mcp', headers: [{ key: 'Authorization', value: 'Bearer x' }] } });
    expect(parse('prompts', 'get', 'p', '--args', '{"a":"1"}', '--server', 'My server')).toMatchObject({
      action: { kind: 'prompts.get', name: 'p', arguments: { a: '1' } },
      target: { kind: 'configured', nameOrId: 'My server' },
    });
  });

  it('reads sign-in options into OAuth settings, secrets only by variable name or file', () => {
    const parsed = parse(
      'tools', 'list', '--url', 'https://example.com/mcp', '--sign-in', '--client-id', 'loupe', '--client-secret-env', 'MY_SECRET',
      '--scopes', 'read write', '--authorize-with', 'http-get', '--grant', 'client_credentials',
    );
    expect(parsed).toMatchObject({
      options: {
        auth: {
          signIn: true,
          clientSecretEnv: 'MY_SECRET',
          settings: { clientId: 'loupe', scopes: 'read write', authorizeWith: 'http-get', grant: 'client_credentials' },
        },
      },
    });
    expect(parse('tools', 'list', '--url', 'https://example.com/mcp', '--private-key', 'key.pem')).toMatchObject({
      options: { auth: { signIn: false, privateKeyFile: expect.stringMatching(/key\.pem$/), settings: { clientAuthentication: 'private_key_jwt' } } },
    });
    expect(parse('tools', 'list', '--url', 'https://example.com/mcp')).not.toHaveProperty('options.auth');
  });

  it('gives each command its help', () => {
    expect(parse('--help')).toMatchObject({ kind: 'help', text: expect.stringContaining('Exit codes') });
    expect(parse('tools', '--help')).toMatchObject({ kind: 'help', text: expect.stringContaining('loupe tools call NAME') });
  });

  it.each([
    [['frobnicate'], 'Unknown command'],
    [['tools', 'list'], 'Name a server'],
    [['tools', 'list', '--server', 'a', '--url', 'http://x'], 'only one of'],
    [['tools', 'call', '--server', 'a'], 'needs a tool name'],
    [['tools', 'call', 'x', '--args', '[1]', '--server', 'a'], 'must be a JSON object'],
    [['prompts', 'get', 'p', '--args', '{"n":1}', '--server', 'a'], 'must be a string'],
    [['tools', 'list', '--url', 'ftp://x'], 'http or https'],
    [['tools', 'list', '--url', 'http://x', '--transport', 'ws'], 'http or sse'],
    [['tools', 'list', '--server', 'a', '--header', 'X: y'], 'apply to --url only'],
    [['tools', 'list', '--bogus', '--server', 'a'], 'Unknown option'],
    [['tools', 'list', '--timeout', '-5', '--server', 'a'], '--timeout'],
    [['tools', 'list', '--'], 'Nothing after --'],
    [['tools', 'list', '--sign-in', '--', 'node', 's.js'], 'HTTP servers only'],
    [['tools', 'list', '--url', 'http://x', '--grant', 'password'], '--grant must be'],
    [['tools', 'list', '--url', 'http://x', '--authorize-with', 'curl'], 'browser or http-get'],
    [['tools', 'list', '--url', 'http://x', '--client-secret-env', 'not a name'], 'name of an environment variable'],
    [['tools', 'list', '--url', 'http://x', '--client-secret-env', 'S', '--private-key', 'k.pem'], 'not both'],
    [['servers', '--sign-in'], 'no sign-in options'],
  ])('refuses %j with a clear sentence', (argv, message) => {
    expect(() => parse(...argv)).toThrow(UsageError);
    expect(() => parse(...argv)).toThrow(message);
  });
});

describe('reply files', () => {
  const approval = (kind: Approval['kind'], request: Record<string, unknown> = {}): Approval => ({
    id: 'a1', serverId: 's', serverName: 's', kind, rpcId: 1, request, receivedAt: 0, status: 'pending',
  });

  it('fills omitted elicitation fields from the schema defaults, keeping what the file gives', () => {
    const replies = parseReplies({ elicitation: { action: 'accept', content: { name: 'Ada' }, fillDefaults: true } }, 'r.json');
    const request = { requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'John' }, age: { type: 'integer', default: 30 }, note: { type: 'string' } } } };
    expect(chooseReply(approval('elicitation-form', request), replies)).toEqual({ decision: { action: 'accept', content: { name: 'Ada', age: 30 } } });
  });

  it("answers sampling with the file's result or rejection, and without a file rejects and says so", () => {
    const result = { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' };
    expect(chooseReply(approval('sampling'), parseReplies({ sampling: { result } }, 'r')).decision).toEqual({ action: 'approve', result });
    expect(chooseReply(approval('sampling'), parseReplies({ sampling: { reject: 'no' } }, 'r')).decision).toEqual({ action: 'reject', message: 'no' });
    const none = chooseReply(approval('sampling'), undefined);
    expect(none.decision.action).toBe('reject');
    expect(none.declined).toContain('rejected');
    expect(chooseReply(approval('elicitation-form'), undefined)).toMatchObject({ decision: { action: 'decline' }, declined: expect.stringContaining('declined') });
  });

  it('refuses a malformed file with a sentence naming it', () => {
    expect(() => parseReplies([], 'r.json')).toThrow(RepliesError);
    expect(() => parseReplies({ samples: {} }, 'r.json')).toThrow('unknown keys: samples');
    expect(() => parseReplies({ sampling: { text: 'x' } }, 'r.json')).toThrow('The reply file r.json has a "sampling"');
  });
});

describe('commands that live in modules of their own', () => {
  const more = [{ name: 'test', summary: 'test DIR                Runs a collection' }];

  it('lists them in the main help and in the unknown-command sentence', () => {
    const help = parseCliArgs(['--help'], '/data', more);
    expect(help).toMatchObject({ kind: 'help' });
    expect((help as { text: string }).text).toContain('  test DIR                Runs a collection\n');
    expect(() => parseCliArgs(['tset'], '/data', more)).toThrow('Commands: servers, connect, tools, resources, prompts, test.');
  });
});
