/**
 * What the packaged app would hold, without building an installer: the built app (dist/, less
 * source maps) plus every production dependency's files, counted once with electron-builder.yml's
 * exclusion of type declarations, source maps and docs and once without it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './lib/table.js';

export const name = 'package-size';
export const description = 'files and bytes the desktop package would hold, with and without the slimming rules';
export const defaults = {};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The extensions in electron-builder.yml's `!**\/node_modules/**\/*.{…}` rule: the one place they are listed. */
function excludedExtensions() {
  const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
  const rule = /'!\*\*\/node_modules\/\*\*\/\*\.\{([^}]+)\}'/.exec(yml);
  if (!rule) throw new Error('electron-builder.yml has no node_modules exclusion rule to measure.');
  return rule[1].split(',').map((extension) => `.${extension.trim()}`);
}

function* walk(folder, skipNested) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      // Nested node_modules are listed by npm as packages of their own.
      if (skipNested && entry.name === 'node_modules') continue;
      yield* walk(full, skipNested);
    } else if (entry.isFile()) {
      yield full;
    }
  }
}

function measure(files, keep) {
  let count = 0;
  let bytes = 0;
  for (const file of files) {
    if (!keep(file)) continue;
    count += 1;
    bytes += statSync(file).size;
  }
  return { count, bytes };
}

export async function run() {
  const packages = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter((line) => line.includes(`${path.sep}node_modules${path.sep}`));
  const dependencyFiles = [...new Set(packages.flatMap((folder) => [...walk(folder, true)]))];
  const appFiles = [...walk(path.join(ROOT, 'dist'), false)].filter((file) => !file.endsWith('.map'));
  const extensions = excludedExtensions();
  const slim = (file) => !extensions.some((extension) => file.endsWith(extension));
  const all = () => true;
  const before = measure(dependencyFiles, all);
  const after = measure(dependencyFiles, slim);
  const app = measure(appFiles, all);
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`\n${name}: ${description}\n(${packages.length} production packages; excluded: ${extensions.join(' ')})\n`);
  printTable([
    ['part', 'files', 'size'],
    ['the app (dist/)', app.count.toLocaleString('en-US'), mb(app.bytes)],
    ['dependencies, everything', before.count.toLocaleString('en-US'), mb(before.bytes)],
    ['dependencies, as packaged', after.count.toLocaleString('en-US'), mb(after.bytes)],
    ['package, before → after', `${(app.count + before.count).toLocaleString('en-US')} → ${(app.count + after.count).toLocaleString('en-US')}`, `${mb(app.bytes + before.bytes)} → ${mb(app.bytes + after.bytes)} (${((after.bytes + app.bytes) / (before.bytes + app.bytes)).toFixed(2)}×)`],
  ]);
  return { problems: [] };
}
