import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_CLIENT_NAMES, type ImportClient, type ImportDiscovery, type ImportSource } from '../../../../shared/config-import.js';
import type { ServerConfig } from '../../../../shared/server-config.js';
import { homedir } from 'node:os';
import { readClaudeCodeProject, readClaudeCodeUser } from './claude-code.js';
import { readCline } from './cline.js';
import { readServerJson } from './server-json.js';
import { readClaudeDesktop } from './claude-desktop.js';
import { readCodex } from './codex.js';
import { readCursor } from './cursor.js';
import { markExisting } from './existing-match.js';
import { readGemini } from './gemini.js';
import { FileShapeError } from './parse-text.js';
import type { ReadContext, ReadPart } from './read-context.js';
import { readSnippet } from './snippet.js';
import { readVsCodeMcp, readVsCodeSettings } from './vscode.js';
import { readWindsurf } from './windsurf.js';

/** Where to look: tests point `home` at a temporary folder. */
export interface DiscoveryPlace {
  home: string;
  platform: NodeJS.Platform;
  environment: Record<string, string | undefined>;
  /** A project folder the user named: its `.mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`, `.gemini/settings.json`. */
  projectDir?: string;
}

interface Candidate {
  client: ImportClient;
  scope?: string;
  file: string;
  read: (text: string, context: ReadContext) => ReadPart[];
  workspaceFolder?: string;
  /** Set for a project's files, which anyone who wrote the project controls. */
  maxBytes?: number;
}

/** This machine as the importers see it (the user's home, platform and environment). */
export function currentPlace(projectDir?: string): DiscoveryPlace {
  return { home: process.env.HOME ?? homedir(), platform: process.platform, environment: process.env, ...(projectDir ? { projectDir } : {}) };
}

/** What a reader needs besides the text: the place's paths, and a prefix for its entries' keys. */
export function readContext(place: DiscoveryPlace, keyPrefix: string, workspaceFolder?: string): ReadContext {
  return {
    home: place.home,
    environment: place.environment,
    pathSeparator: place.platform === 'win32' ? '\\' : '/',
    keyPrefix,
    ...(workspaceFolder ? { workspaceFolder } : {}),
  };
}

/** Config files are small; a larger file is not read (a `~/.claude.json` with long history stays well under it). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A project's config file (`.mcp.json` and the like) holds a few servers: kilobytes. */
const MAX_PROJECT_FILE_BYTES = 1024 * 1024;

/** The folder each OS keeps application settings in (Claude Desktop's and VS Code's). */
function appSettingsFolder(place: DiscoveryPlace): string {
  const { home, platform, environment } = place;
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return environment.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  return environment.XDG_CONFIG_HOME ?? path.join(home, '.config');
}

export function candidateFiles(place: DiscoveryPlace): Candidate[] {
  const { home, projectDir } = place;
  const settings = appSettingsFolder(place);
  const codexHome = place.environment.CODEX_HOME ?? path.join(home, '.codex');
  const files: Candidate[] = [
    { client: 'claude-desktop', file: path.join(settings, 'Claude', 'claude_desktop_config.json'), read: readClaudeDesktop },
    { client: 'claude-code', file: path.join(home, '.claude.json'), read: readClaudeCodeUser },
    { client: 'vscode', scope: 'user', file: path.join(settings, 'Code', 'User', 'mcp.json'), read: readVsCodeMcp },
    { client: 'vscode', scope: 'user settings', file: path.join(settings, 'Code', 'User', 'settings.json'), read: readVsCodeSettings },
    { client: 'cursor', scope: 'user', file: path.join(home, '.cursor', 'mcp.json'), read: readCursor },
    { client: 'windsurf', file: path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), read: readWindsurf },
    { client: 'gemini', scope: 'user', file: path.join(home, '.gemini', 'settings.json'), read: readGemini },
    { client: 'codex', file: path.join(codexHome, 'config.toml'), read: readCodex },
    // Cline: the VS Code extension's global storage, the folder its docs name, and the Cline CLI's data folder.
    { client: 'cline', scope: 'VS Code', file: path.join(settings, 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'), read: readCline },
    { client: 'cline', scope: 'Documents', file: path.join(home, 'Documents', 'Cline', 'MCP', 'cline_mcp_settings.json'), read: readCline },
    { client: 'cline', scope: 'CLI', file: path.join(home, '.cline', 'data', 'settings', 'cline_mcp_settings.json'), read: readCline },
  ];
  if (projectDir) {
    const project: Candidate[] = [
      { client: 'claude-code', file: path.join(projectDir, '.mcp.json'), read: readClaudeCodeProject },
      { client: 'vscode', scope: 'workspace', file: path.join(projectDir, '.vscode', 'mcp.json'), read: readVsCodeMcp },
      { client: 'cursor', scope: 'project', file: path.join(projectDir, '.cursor', 'mcp.json'), read: readCursor },
      { client: 'gemini', scope: 'project', file: path.join(projectDir, '.gemini', 'settings.json'), read: readGemini },
      { client: 'server-json', scope: 'project', file: path.join(projectDir, 'server.json'), read: readServerJson },
    ];
    files.push(...project.map((candidate) => ({ ...candidate, workspaceFolder: projectDir, maxBytes: MAX_PROJECT_FILE_BYTES })));
  }
  return files;
}

/** Reads every standard config file that exists. A broken file is one source with its problem; the others are unaffected. */
export async function discoverImports(place: DiscoveryPlace, existing: readonly ServerConfig[]): Promise<ImportDiscovery> {
  const sources: ImportSource[] = [];
  const searched: string[] = [];
  for (const candidate of candidateFiles(place)) {
    const text = await readConfigFile(candidate.file, candidate.maxBytes ?? MAX_FILE_BYTES);
    if (text === undefined) {
      searched.push(candidate.file);
      continue;
    }
    sources.push(...readSource(candidate, text, place));
  }
  return { sources: sources.map((source) => markExisting(source, existing)), searched };
}

/** The file's text, undefined when it does not exist; a file that cannot be read becomes a problem sentence. */
async function readConfigFile(file: string, maxBytes: number): Promise<string | undefined | { problem: string }> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { problem: 'it is not a file.' };
    if (info.size > maxBytes) return { problem: `it is larger than ${maxBytes / 1024 / 1024} MB.` };
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { problem: `it could not be read (${code ?? (error as Error).message}).` };
  }
}

function readSource(candidate: Candidate, text: string | { problem: string }, place: DiscoveryPlace): ImportSource[] {
  const clientName = IMPORT_CLIENT_NAMES[candidate.client];
  const label = (scope?: string) => (scope ? `${clientName} (${scope})` : clientName);
  const id = `${candidate.client}:${candidate.file}`;
  const fail = (problem: string): ImportSource[] => [
    { id, client: candidate.client, label: label(candidate.scope), path: candidate.file, problem: `${candidate.file} was not imported because ${problem}`, entries: [] },
  ];
  if (typeof text !== 'string') return fail(text.problem);
  const context = readContext(place, id, candidate.workspaceFolder);
  try {
    return candidate.read(text, context).map((part, index) => ({
      id: index === 0 ? id : `${id}#${index}`,
      client: candidate.client,
      label: label(part.scope ?? candidate.scope),
      path: candidate.file,
      entries: part.entries,
    }));
  } catch (error) {
    // One broken source is marked alone: whatever went wrong reading it, the others are listed.
    if (error instanceof FileShapeError) return fail(error.message);
    return fail(`it could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** A pasted snippet, read as any client's shape. */
export function readPastedSnippet(text: string, place: DiscoveryPlace, existing: readonly ServerConfig[]): ImportSource {
  const id = 'snippet';
  const context = readContext(place, id);
  try {
    const entries = readSnippet(text, context).flatMap((part) => part.entries);
    return markExisting({ id, client: 'snippet', label: IMPORT_CLIENT_NAMES.snippet, entries }, existing);
  } catch (error) {
    const problem = error instanceof FileShapeError ? error.message : `it could not be read (${error instanceof Error ? error.message : String(error)}).`;
    return { id, client: 'snippet', label: IMPORT_CLIENT_NAMES.snippet, problem: `The snippet was not imported because ${problem}`, entries: [] };
  }
}
