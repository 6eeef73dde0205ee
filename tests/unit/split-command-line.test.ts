import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../renderer/src/features/servers/split-command-line.js';

function split(text: string) {
  const result = splitCommandLine(text);
  if (!result.ok) throw new Error(result.problem);
  return result.split;
}

describe('splitCommandLine', () => {
  it('splits on spaces and keeps quoted and escaped words whole', () => {
    expect(split(`npx -y @modelcontextprotocol/server-filesystem "/Users/me/My Documents" '/tmp/a b' c\\ d`)).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/My Documents', '/tmp/a b', 'c d'],
      env: [],
      unexpanded: [],
    });
    expect(split(`node -e "console.log(\\"hi\\")" --flag='a "quoted" word'`).args).toEqual(['-e', 'console.log("hi")', '--flag=a "quoted" word']);
  });

  it('takes leading NAME=value words as environment variables', () => {
    expect(split('API_KEY=abc "DEBUG=mcp:*" uvx mcp-server-fetch --ignore-robots-txt')).toEqual({
      command: 'uvx',
      args: ['mcp-server-fetch', '--ignore-robots-txt'],
      env: [
        { key: 'API_KEY', value: 'abc' },
        { key: 'DEBUG', value: 'mcp:*' },
      ],
      unexpanded: [],
    });
    // After the command, NAME=value is an argument like any other.
    expect(split('docker run -e TOKEN=x img').args).toEqual(['run', '-e', 'TOKEN=x', 'img']);
  });

  it('joins line continuations, drops a copied prompt and comments, keeps globs and variables as written', () => {
    expect(split('$ docker run -i --rm \\\n  -e GITHUB_TOKEN \\\n  ghcr.io/github/github-mcp-server # the server')).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server'],
      env: [],
      unexpanded: [],
    });
    const withVariables = split(`node server.js --root $HOME/src \${DATA:-/tmp} '$LITERAL' *.json`);
    expect(withVariables.args).toEqual(['server.js', '--root', '$HOME/src', '${DATA:-/tmp}', '$LITERAL', '*.json']);
    expect(withVariables.unexpanded).toEqual(['$HOME', '${DATA:-/tmp}']);
  });

  it('keeps the backslashes of Windows paths', () => {
    expect(split('"C:\\Program Files\\nodejs\\node.exe" C:\\mcp\\server.js')).toMatchObject({
      command: 'C:\\Program Files\\nodejs\\node.exe',
      args: ['C:\\mcp\\server.js'],
    });
  });

  it('refuses what needs a shell, JSON, and empty text, in one sentence each', () => {
    expect(splitCommandLine('npx a | tee log')).toEqual({ ok: false, problem: 'The pasted line uses the shell operator |, which Loupe cannot run: it starts one command without a shell.' });
    expect(splitCommandLine('cd /srv && node x.js')).toMatchObject({ ok: false, problem: expect.stringContaining('&&') });
    expect(splitCommandLine('{"command": "npx"}')).toMatchObject({ ok: false, problem: expect.stringContaining('Import servers') });
    expect(splitCommandLine('  \n')).toEqual({ ok: false, problem: 'The pasted text is empty.' });
  });
});
