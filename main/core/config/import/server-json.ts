import type { ImportEntry } from '../../../../shared/config-import.js';
import { isObject } from '../../../../shared/is-object.js';
import type { JsonObject } from '../../../../shared/mcp.js';
import { buildEntry, type RawServer } from './entry-mapping.js';
import { FileShapeError, parseJsonText } from './parse-text.js';
import { newCollector, type ReadContext, type ReadPart } from './read-context.js';

/**
 * The MCP Registry's `server.json` (https://static.modelcontextprotocol.io/schemas/…/server.schema.json):
 * one server, runnable from `packages` (npm, PyPI, OCI, NuGet) or reachable at `remotes`. Each package
 * or remote becomes one entry; what the file asks the user for (environment variables, arguments,
 * headers, URL variables) becomes the entry's `${input:…}` variables with their description, default
 * and secrecy. The registry's API has served snake_case keys too, so both spellings are read.
 */

type Inputs = Map<string, { description?: string; password: boolean; default?: string }>;

function field(value: JsonObject, camel: string, snake: string): unknown {
  return value[camel] !== undefined ? value[camel] : value[snake];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function list(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** Declares an input the user is asked for; returns its reference. */
function ask(inputs: Inputs, id: string, spec: JsonObject): string {
  const description = text(spec.description);
  const fallback = text(spec.default);
  inputs.set(id, { password: field(spec, 'isSecret', 'is_secret') === true, ...(description ? { description } : {}), ...(fallback !== undefined ? { default: fallback } : {}) });
  return `\${input:${id}}`;
}

/** A value with its `{name}` variables turned into inputs; names without a declaration stay as written. */
function withVariables(value: string, spec: JsonObject, inputs: Inputs): string {
  const variables = isObject(spec.variables) ? spec.variables : {};
  return value.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const declared = variables[name];
    return isObject(declared) ? ask(inputs, name, declared) : whole;
  });
}

/** A value the file fixes, else an input to ask for (with its default); undefined for an optional one nobody gave. */
function resolve(spec: JsonObject, id: string, inputs: Inputs): string | undefined {
  const fixed = text(spec.value);
  if (fixed !== undefined) return withVariables(fixed, spec, inputs);
  const required = field(spec, 'isRequired', 'is_required') === true;
  if (!required && text(spec.default) === undefined) return undefined;
  return ask(inputs, id, spec);
}

function commandArguments(specs: JsonObject[], inputs: Inputs, notes: string[]): string[] {
  const args: string[] = [];
  for (const spec of specs) {
    const name = text(spec.name);
    const id = text(field(spec, 'valueHint', 'value_hint')) ?? name?.replace(/^-+/, '') ?? `arg${args.length + 1}`;
    const value = resolve(spec, id, inputs);
    if (spec.type === 'named') {
      if (!name) continue;
      if (value === undefined) notes.push(`The optional argument ${name} is left out; add it to the arguments if you need it.`);
      else args.push(name, value);
    } else if (value !== undefined) {
      args.push(value);
    }
  }
  return args;
}

function pairsOf(specs: JsonObject[], inputs: Inputs, what: string, notes: string[]): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const spec of specs) {
    const name = text(spec.name);
    if (!name) continue;
    const value = resolve(spec, name, inputs);
    if (value === undefined) notes.push(`The optional ${what} ${name} is not set${text(spec.description) ? ` (${text(spec.description)})` : ''}; add it in the server's settings if you need it.`);
    else pairs[name] = value;
  }
  return pairs;
}

interface Runtime {
  command: string;
  /** Arguments before the runtime arguments, and the package reference with the arguments after it. */
  before: string[];
  reference: string[];
}

/**
 * The command each package registry's packages run with. These are the runtimes the server.json
 * schema names for `runtimeHint` (npx, uvx, docker, dnx), so a `runtimeHint` is taken only when it
 * names the one its package's registry runs with: the file never chooses its own command.
 */
const RUNTIME_OF_REGISTRY: Readonly<Record<string, string>> = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' };

/**
 * Environment variables that make a runtime or the dynamic loader run code nobody chose: Node's
 * (npx), Python's (uvx), .NET's (dnx), and the loaders' of Linux and macOS. A registry entry's are
 * dropped (with a note); the person can add them in the server's settings.
 */
const LOADER_VARIABLES: ReadonlySet<string> = new Set(['NODE_OPTIONS', 'NODE_PATH', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'DOTNET_STARTUP_HOOKS']);
const isLoaderVariable = (name: string): boolean => LOADER_VARIABLES.has(name.toUpperCase()) || name.toUpperCase().startsWith('DYLD_');

/** npx flags that run a command of their own (npm's shell and script settings included). */
const COMMAND_RUNNING_FLAGS: Readonly<Record<string, ReadonlySet<string>>> = { npx: new Set(['-c', '--call', '--shell', '--script-shell', '--node-options']) };

function runtimeFor(registryType: string, identifier: string, version: string | undefined, envNames: string[]): Runtime | string {
  switch (registryType) {
    case 'npm':
      return { command: 'npx', before: [], reference: ['-y', version ? `${identifier}@${version}` : identifier] };
    case 'pypi':
      return { command: 'uvx', before: [], reference: [version ? `${identifier}==${version}` : identifier] };
    case 'oci':
      // Environment variables reach the container only through -e.
      return { command: 'docker', before: ['run', '-i', '--rm', ...envNames.flatMap((name) => ['-e', name])], reference: [version && !identifier.includes(':') ? `${identifier}:${version}` : identifier] };
    case 'nuget':
      return { command: 'dnx', before: [], reference: [version ? `${identifier}@${version}` : identifier, '--yes'] };
    case 'mcpb':
      return 'is an MCP bundle (.mcpb), which is downloaded and installed by a client that supports bundles; Loupe runs commands and URLs only';
    default:
      return `comes from the package registry "${registryType}", which Loupe does not know how to run`;
  }
}

/**
 * Why the package's own fields would make its runtime do something else than run it: a runtime
 * hint naming another command, or an identifier, version or runtime argument the runtime would
 * read as one of its flags. Undefined when there is nothing to refuse.
 */
function refusedField(spec: JsonObject, registryType: string, identifier: string): string | undefined {
  const runtime = RUNTIME_OF_REGISTRY[registryType];
  const hint = field(spec, 'runtimeHint', 'runtime_hint');
  if (runtime !== undefined && hint !== undefined && hint !== runtime) {
    return `asks to run with ${JSON.stringify(hint)} (its runtimeHint), but ${registryType} packages run with ${runtime}, so it is not imported`;
  }
  if (identifier.startsWith('-')) return `has an identifier that starts with "-" (${JSON.stringify(identifier)}), which its runtime would read as an option, so it is not imported`;
  const version = spec.version;
  if (typeof version === 'string' && version.startsWith('-')) return `has a version that starts with "-" (${JSON.stringify(version)}), so it is not imported`;
  const flags = COMMAND_RUNNING_FLAGS[runtime ?? ''];
  for (const argument of list(field(spec, 'runtimeArguments', 'runtime_arguments'))) {
    const value = text(argument.value) ?? text(argument.default);
    if (value?.startsWith('-')) return `has a runtime argument whose value starts with "-" (${JSON.stringify(value)}), which ${runtime ?? 'its runtime'} would read as an option, so it is not imported`;
    const name = text(argument.name);
    if (argument.type === 'named' && name !== undefined && (!/^--?[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) || flags?.has(name))) {
      return `has the runtime argument ${JSON.stringify(name)}, which ${flags?.has(name) ? `makes ${runtime} run a command of its own` : 'is not one plain option name'}, so it is not imported`;
    }
  }
  return undefined;
}

function packageEntry(key: string, name: string, spec: JsonObject, context: ReadContext): ImportEntry {
  const inputs: Inputs = new Map();
  const notes: string[] = [];
  const registryType = text(field(spec, 'registryType', 'registry_type')) ?? '';
  const identifier = text(spec.identifier) ?? '';
  const transport = isObject(spec.transport) ? spec.transport : {};
  const transportType = text(transport.type) ?? 'stdio';
  const problem = (sentence: string): ImportEntry => ({ key, name, problem: `“${name}” ${sentence}.`, variables: [], notes });
  if (!identifier) return problem('names no package');
  if (transportType !== 'stdio') {
    return problem(`runs locally and serves ${transportType} at ${text(transport.url) ?? 'a URL of its own'}: start it yourself, then add that URL`);
  }
  const refused = refusedField(spec, registryType, identifier);
  if (refused !== undefined) return problem(refused);
  const declaredEnv = list(field(spec, 'environmentVariables', 'environment_variables'));
  const loaderNames = declaredEnv.map((variable) => text(variable.name)).filter((name): name is string => name !== undefined && isLoaderVariable(name));
  if (loaderNames.length > 0) notes.push(`${loaderNames.join(', ')} ${loaderNames.length === 1 ? 'is' : 'are'} left out: ${loaderNames.length === 1 ? 'it makes' : 'they make'} the runtime load code of the registry entry's choosing; add ${loaderNames.length === 1 ? 'it' : 'them'} in the server's settings if you trust ${loaderNames.length === 1 ? 'it' : 'them'}.`);
  const env = pairsOf(declaredEnv.filter((variable) => !loaderNames.includes(text(variable.name) ?? '')), inputs, 'environment variable', notes);
  const runtime = runtimeFor(registryType, identifier, text(spec.version), Object.keys(env));
  if (typeof runtime === 'string') return problem(runtime);
  const runtimeArgs = commandArguments(list(field(spec, 'runtimeArguments', 'runtime_arguments')), inputs, notes);
  const packageArgs = commandArguments(list(field(spec, 'packageArguments', 'package_arguments')), inputs, notes);
  const raw: RawServer = {
    type: 'stdio',
    command: runtime.command,
    args: [...runtime.before, ...runtimeArgs, ...runtime.reference, ...packageArgs],
    env,
  };
  return buildEntry(key, name, raw, newCollector('vscode', context, inputs), { notes });
}

function remoteEntry(key: string, name: string, spec: JsonObject, context: ReadContext): ImportEntry {
  const inputs: Inputs = new Map();
  const notes: string[] = [];
  const url = text(spec.url);
  if (!url) return { key, name, problem: `“${name}” is a remote without a url.`, variables: [], notes };
  const raw: RawServer = {
    type: text(spec.type) ?? 'streamable-http',
    url: withVariables(url, spec, inputs),
    headers: pairsOf(list(spec.headers), inputs, 'header', notes),
  };
  return buildEntry(key, name, raw, newCollector('vscode', context, inputs), { notes });
}

/** The entries of one server.json (already parsed). */
export function serverJsonEntries(value: JsonObject, context: ReadContext): ImportEntry[] {
  const registryName = text(value.name);
  if (!registryName) throw new FileShapeError('its “name” is missing (a server.json names its server, e.g. io.github.you/weather).');
  const base = text(value.title) ?? registryName.split('/').pop() ?? registryName;
  const packages = list(value.packages);
  const remotes = list(value.remotes);
  if (packages.length === 0 && remotes.length === 0) throw new FileShapeError('it has neither “packages” nor “remotes”, so there is nothing to run or reach.');
  const single = packages.length + remotes.length === 1;
  const entries: ImportEntry[] = [];
  packages.forEach((spec, index) => {
    const kind = text(field(spec, 'registryType', 'registry_type')) ?? 'package';
    const name = single ? base : `${base} (${kind}${packages.length > 1 ? ` ${index + 1}` : ''})`;
    entries.push(packageEntry(`${context.keyPrefix}/${name}`, name, spec, context));
  });
  remotes.forEach((spec, index) => {
    const name = single ? base : `${base} (remote${remotes.length > 1 ? ` ${index + 1}` : ''})`;
    entries.push(remoteEntry(`${context.keyPrefix}/${name}`, name, spec, context));
  });
  return entries;
}

/** Whether a parsed JSON value is a server.json rather than a client's config. */
export function looksLikeServerJson(value: JsonObject): boolean {
  return typeof value.name === 'string' && (Array.isArray(value.packages) || Array.isArray(value.remotes));
}

/** A `server.json` file (a project's own, or one fetched from a URL). */
export function readServerJson(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [{ entries: serverJsonEntries(value, context) }];
}
