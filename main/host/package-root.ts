import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'mcp-loupe';

/** The repository root, found upwards from this file: works from main/host and from dist/main/host. */
export function findPackageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): { root: string; version: string; dependencies: Record<string, string> } {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown; dependencies?: Record<string, string> };
      if (parsed.name === PACKAGE_NAME) return { root: dir, version: typeof parsed.version === 'string' ? parsed.version : '0.0.0', dependencies: parsed.dependencies ?? {} };
    }
    if (path.dirname(dir) === dir) throw new Error(`Could not find the ${PACKAGE_NAME} package.json above ${from}.`);
  }
}
