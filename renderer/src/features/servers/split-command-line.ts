import { parse, type ParseEntry } from 'shell-quote';

export interface SplitCommand {
  command: string;
  args: string[];
  /** Leading `NAME=value` words, as a shell would set them for the command. */
  env: { key: string; value: string }[];
  /** `$NAME` references that stay as written, because Loupe starts commands without a shell. */
  unexpanded: string[];
}

export type SplitResult = { ok: true; split: SplitCommand } | { ok: false; problem: string };

const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
const WINDOWS_PATH = /(^|[\s"'=])[A-Za-z]:\\/;

/**
 * Splits a pasted command line the way a POSIX shell would (quotes, escapes, line continuations),
 * with shell-quote. Loupe runs no shell, so operators (`|`, `&&`, `>`) are refused with a sentence,
 * and variables are kept as written.
 */
export function splitCommandLine(text: string): SplitResult {
  let line = text.replace(/\\\r?\n/g, ' ').replace(/\r?\n/g, ' ').trim();
  // A prompt copied from a README: "$ npx …".
  line = line.replace(/^\$\s+/, '');
  if (line === '') return { ok: false, problem: 'The pasted text is empty.' };
  if (line.startsWith('{') || line.startsWith('[')) {
    return { ok: false, problem: 'That looks like a JSON config, not a command line: use Import servers to paste it.' };
  }
  // Windows paths: a backslash there separates folders, it escapes nothing.
  if (WINDOWS_PATH.test(line)) line = line.replace(/\\/g, '\\\\');

  const unexpanded = new Set<string>();
  const words: string[] = [];
  const entries: ParseEntry[] = parse(line, (name) => {
    const written = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `$${name}` : `\${${name}}`;
    unexpanded.add(written);
    return written;
  });
  for (const entry of entries) {
    if (typeof entry === 'string') words.push(entry);
    else if ('comment' in entry) break;
    else if (entry.op === 'glob') words.push(entry.pattern);
    else return { ok: false, problem: `The pasted line uses the shell operator ${entry.op}, which Loupe cannot run: it starts one command without a shell.` };
  }

  const env: SplitCommand['env'] = [];
  while (words.length > 1 && ENV_ASSIGNMENT.test(words[0]!)) {
    const [, key, value] = ENV_ASSIGNMENT.exec(words.shift()!)!;
    env.push({ key: key!, value: value! });
  }
  const [command, ...args] = words;
  if (!command) return { ok: false, problem: 'The pasted line has no command.' };
  return { ok: true, split: { command, args, env, unexpanded: [...unexpanded] } };
}
