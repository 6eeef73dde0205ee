import path from 'node:path';
import type { RequestHandlers } from '../../../../shared/contract.js';
import { LoupeError } from '../../../../shared/wire.js';
import type { ConfigStore } from '../config-store.js';
import { applyImport } from './apply-import.js';
import { currentPlace, discoverImports, readPastedSnippet } from './discover.js';
import { exportSnippets } from './export-snippets.js';

type ImportHandlers = Pick<RequestHandlers, 'config.discoverImports' | 'config.parseImportSnippet' | 'config.import' | 'config.exportSnippets'>;

function invalid(message: string): never {
  throw new LoupeError(message, 'invalid-params');
}

export function importHandlers(store: ConfigStore, changed: () => void): ImportHandlers {
  return {
    'config.discoverImports': async (params) => {
      const projectDir = params?.projectDir;
      if (projectDir && !path.isAbsolute(projectDir)) invalid('The project folder must be a full path.');
      return discoverImports(currentPlace(projectDir === '' ? undefined : projectDir), store.list());
    },
    'config.parseImportSnippet': async (params) => readPastedSnippet(params.text, currentPlace(), store.list()),
    'config.import': async (params) => {
      const result = await applyImport(params, store, process.env);
      if (result.added.length > 0) changed();
      return result;
    },
    'config.exportSnippets': async (params) => exportSnippets(store.require(params.serverId)),
  };
}
