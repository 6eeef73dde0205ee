import { existsSync } from 'node:fs';

/**
 * A worker thread's script, given as its URL beside the calling module. Built, that is where it
 * is; run from source (the tests), the caller is TypeScript and the worker must be the built copy
 * under dist/: `npm test` builds first.
 */
export function workerFile(sibling: URL): URL {
  if (!import.meta.url.endsWith('.ts')) return sibling;
  const repository = new URL('../../../', import.meta.url).href;
  const built = new URL(sibling.href.replace(repository, `${repository}dist/`));
  if (!existsSync(built)) throw new Error(`A worker is not built (${built.pathname}): run npm run build first.`);
  return built;
}
