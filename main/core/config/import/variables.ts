import type { ImportVariable } from '../../../../shared/config-import.js';

/**
 * Which variable syntax a client's file uses. Each is turned into the canonical `${input:ID}` /
 * `${env:NAME}` so the rest of the import knows one form.
 * - vscode: `${input:id}`, `${env:NAME}`, `${workspaceFolder}`, `${userHome}`, `${pathSeparator}`
 * - cursor: `${env:NAME}`, `${userHome}`, `${workspaceFolder}`, `${pathSeparator}`
 * - windsurf: `${env:NAME}`
 * - claude-code: `${NAME}`, `${NAME:-default}`
 * - gemini: `$NAME`, `${NAME}`
 * - snippet (client unknown): every braced form above
 * - none: values are taken literally (Claude Desktop, Codex)
 */
export type VariableDialect = 'vscode' | 'cursor' | 'windsurf' | 'claude-code' | 'gemini' | 'snippet' | 'none';

/**
 * Replaces each `${…}` of `value` (up to the first `}`, as /\$\{([^}]*)\}/g would) with what
 * `replace` returns for its inside, or leaves it when that is undefined. One pass: the regular
 * expression rescans the rest of the string from every `${` that has no `}` after it, which made a
 * file of `${` repeated 150,000 times take half a minute.
 */
export function replaceBraced(value: string, replace: (inner: string) => string | undefined): string {
  let out = '';
  let from = 0;
  for (;;) {
    const start = value.indexOf('${', from);
    if (start < 0) break;
    const end = value.indexOf('}', start + 2);
    // No `}` after this `${`: none after any later one either.
    if (end < 0) break;
    const inner = value.slice(start + 2, end);
    out += value.slice(from, start) + (replace(inner) ?? `\${${inner}}`);
    from = end + 1;
  }
  return from === 0 ? value : out + value.slice(from);
}

/** Values a client fills in itself: known for a project file, asked for otherwise. */
export interface KnownPaths {
  userHome: string;
  workspaceFolder?: string;
  pathSeparator: string;
}

/** Collects the variables of one entry while its strings are converted. */
export class VariableCollector {
  private readonly found = new Map<string, ImportVariable>();

  constructor(
    private readonly dialect: VariableDialect,
    private readonly known: KnownPaths,
    private readonly environment: Record<string, string | undefined>,
    /** VS Code's `inputs` declarations, by id. */
    private readonly inputs: ReadonlyMap<string, { description?: string; password: boolean; default?: string }> = new Map(),
  ) {}

  variables(): ImportVariable[] {
    return [...this.found.values()];
  }

  /** The string with every variable of the dialect in canonical form. */
  convert(value: string): string {
    if (this.dialect === 'none') return value;
    let out = replaceBraced(value, (inner) => this.braced(inner));
    if (this.dialect === 'gemini') {
      // `${…}` (already canonical here) never matches: a letter must follow the `$`.
      out = out.replace(/(?<!\\)\$([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => this.env(name));
    }
    return out;
  }

  private braced(inner: string): string | undefined {
    const allowsPrefixed = this.dialect === 'vscode' || this.dialect === 'cursor' || this.dialect === 'windsurf' || this.dialect === 'snippet';
    const allowsPaths = this.dialect === 'vscode' || this.dialect === 'cursor' || this.dialect === 'snippet';
    const allowsBare = this.dialect === 'claude-code' || this.dialect === 'gemini' || this.dialect === 'snippet';
    if (allowsPrefixed && inner.startsWith('env:') && inner.length > 4) return this.env(inner.slice(4));
    if ((this.dialect === 'vscode' || this.dialect === 'snippet') && inner.startsWith('input:') && inner.length > 6) return this.input(inner.slice(6));
    if (allowsPaths) {
      if (inner === 'userHome') return this.known.userHome;
      if (inner === 'pathSeparator' || inner === '/') return this.known.pathSeparator;
      if (inner === 'workspaceFolder') return this.known.workspaceFolder ?? this.input('workspaceFolder', 'The workspace folder this server ran in');
    }
    if (allowsBare) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(inner);
      if (match) return this.env(match[1]!, match[2]);
    }
    return undefined;
  }

  /** A reference to an environment variable, registered as one of the entry's variables. */
  env(name: string, fallback?: string): string {
    const id = `env:${name}`;
    if (!this.found.has(id)) {
      this.found.set(id, {
        id,
        kind: 'env',
        name,
        password: false,
        inEnvironment: this.environment[name] !== undefined,
        ...(fallback !== undefined ? { default: fallback } : {}),
      });
    }
    return `\${${id}}`;
  }

  private input(name: string, description?: string): string {
    const id = `input:${name}`;
    if (!this.found.has(id)) {
      const declared = this.inputs.get(name);
      const text = declared?.description ?? description;
      this.found.set(id, {
        id,
        kind: 'input',
        name,
        password: declared?.password ?? false,
        ...(text ? { description: text } : {}),
        ...(declared?.default !== undefined ? { default: declared.default } : {}),
      });
    }
    return `\${${id}}`;
  }
}

/** The kind and name of a canonical variable's inside (`env:NAME`, `input:ID`). */
const CANONICAL_INNER = /^(input|env):(.+)$/s;

/** The canonical variables a value mentions, by id, in order. */
function canonicalIds(value: string): string[] {
  const ids: string[] = [];
  replaceBraced(value, (inner) => {
    if (CANONICAL_INNER.test(inner)) ids.push(inner);
    return undefined;
  });
  return ids;
}

/**
 * Replaces the canonical variables listed in `variables`; `missing` receives each one without a
 * value. A variable Loupe's environment has and nobody typed a value for stays `${env:NAME}`: it is
 * read at connect time (config/env-references.ts), so its value is never written to servers.json.
 */
export function substituteVariables(
  value: string,
  variables: readonly ImportVariable[],
  values: Readonly<Record<string, string>>,
  environment: Record<string, string | undefined>,
  missing: (variable: ImportVariable) => void,
): string {
  return replaceBraced(value, (inner) => {
    if (!CANONICAL_INNER.test(inner)) return undefined;
    const variable = variables.find((item) => item.id === inner);
    if (!variable) return undefined;
    const typed = values[variable.id];
    if (typed !== undefined && typed !== '') return typed;
    if (variable.kind === 'env' && environment[variable.name] !== undefined) return undefined;
    if (variable.default !== undefined) return variable.default;
    missing(variable);
    return undefined;
  });
}

/** True when the value refers to a variable whose value is a password. */
export function mentionsPassword(value: string, variables: readonly ImportVariable[]): boolean {
  return canonicalIds(value).some((id) => variables.some((variable) => variable.id === id && variable.password));
}
