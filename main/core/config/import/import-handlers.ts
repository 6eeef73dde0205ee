import { homedir } from 'node:os';
import path from 'node:path';
import type { ImportParams, ImportRequestItem, ImportVariable } from '../../../../shared/config-import.js';
import type { RequestHandlers } from '../../../../shared/contract.js';
import { LoupeError } from '../../../../shared/wire.js';
import type { ConfigStore } from '../config-store.js';
import { paramsObject, stringParam } from '../../handlers/params.js';
import { applyImport } from './apply-import.js';
import { discoverImports, readPastedSnippet, type DiscoveryPlace } from './discover.js';
import { exportSnippets } from './export-snippets.js';

type ImportHandlers = Pick<RequestHandlers, 'config.discoverImports' | 'config.parseImportSnippet' | 'config.import' | 'config.exportSnippets'>;

/** A pasted snippet is a few servers; anything much larger is a mistake (or an attack on the core's time). */
const MAX_SNIPPET_CHARS = 1_000_000;

function invalid(message: string): never {
  throw new LoupeError(message, 'invalid-params');
}

function place(projectDir?: string): DiscoveryPlace {
  return { home: process.env.HOME ?? homedir(), platform: process.platform, environment: process.env, ...(projectDir ? { projectDir } : {}) };
}

export function importHandlers(store: ConfigStore, changed: () => void): ImportHandlers {
  return {
    'config.discoverImports': async (params) => {
      const projectDir = params === undefined || params === null ? undefined : paramsObject(params).projectDir;
      if (projectDir !== undefined && (typeof projectDir !== 'string' || !path.isAbsolute(projectDir))) {
        invalid('The project folder must be a full path.');
      }
      return discoverImports(place(projectDir === '' ? undefined : projectDir), store.list());
    },
    'config.parseImportSnippet': async (params) => {
      const text = paramsObject(params).text;
      if (typeof text !== 'string') invalid('The parameter "text" must be text.');
      if (text.length > MAX_SNIPPET_CHARS) invalid('The snippet is larger than 1 MB; paste a few servers at a time.');
      return readPastedSnippet(text, place(), store.list());
    },
    'config.import': async (params) => {
      const result = await applyImport(importParams(params), store, process.env);
      if (result.added.length > 0) changed();
      return result;
    },
    'config.exportSnippets': async (params) => exportSnippets(store.require(stringParam(params, 'serverId'))),
  };
}

function importParams(params: unknown): ImportParams {
  const object = paramsObject(params);
  if (!Array.isArray(object.items)) invalid('The parameter "items" must be a list.');
  const values = object.values ?? {};
  if (typeof values !== 'object' || values === null || Array.isArray(values) || Object.values(values).some((value) => typeof value !== 'string')) {
    invalid('The parameter "values" must map variable ids to text.');
  }
  return { items: object.items.map(importItem), values: values as Record<string, string> };
}

function importItem(item: unknown, index: number): ImportRequestItem {
  const object = paramsObject(item);
  if (typeof object.name !== 'string') invalid(`Item ${index + 1} has no name.`);
  if (typeof object.config !== 'object' || object.config === null) invalid(`Item ${index + 1} has no config.`);
  const variables = object.variables ?? [];
  if (!Array.isArray(variables)) invalid(`Item ${index + 1}'s variables must be a list.`);
  return { name: object.name, config: object.config as ImportRequestItem['config'], variables: variables.map((variable) => importVariable(variable, index)) };
}

function importVariable(value: unknown, index: number): ImportVariable {
  const object = paramsObject(value);
  const { id, kind, name } = object;
  if (typeof id !== 'string' || typeof name !== 'string' || (kind !== 'input' && kind !== 'env') || id !== `${kind}:${name}`) {
    invalid(`Item ${index + 1} has a variable that is not {id, kind, name}.`);
  }
  if (object.default !== undefined && typeof object.default !== 'string') invalid(`Variable ${id}'s default must be text.`);
  return { id, kind, name, password: object.password === true, ...(typeof object.default === 'string' ? { default: object.default } : {}) };
}
