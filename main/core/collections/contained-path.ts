/**
 * The one way Loupe reaches a file of a collection folder (requests, snapshots, surfaces,
 * collection.yaml): the folder is someone's repository, so a symbolic link in it could lead a read
 * or a write anywhere. The collection folder itself is taken at its real path; below it, Loupe
 * follows no link at all (to a place inside the folder or outside it), and no "..".
 */
import { lstat, mkdir, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';
import { readTextNoFollow } from '../base/no-follow.js';

/** Folders Loupe creates in a collection are private to the user, like its files there. */
const FOLDER_MODE = 0o700;

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The path's parts below the collection folder, refused when it leaves the folder. */
function partsInside(root: string, relative: string): string[] {
  const lexicalRoot = path.resolve(root);
  const full = path.resolve(lexicalRoot, relative.replaceAll('\\', '/'));
  if (!full.startsWith(lexicalRoot + path.sep)) throw new Error(`"${relative}" is outside the collection folder, so Loupe does not read or write it.`);
  return path.relative(lexicalRoot, full).split(path.sep);
}

/** The sentence for a path that goes through a link: which part is the link, and where it leads. */
async function linkRefusal(realRoot: string, parts: readonly string[], shown: string): Promise<Error> {
  let at = realRoot;
  for (const [index, part] of parts.entries()) {
    at = path.join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (!info) break;
    if (info.isSymbolicLink()) {
      const link = parts.slice(0, index + 1).join('/');
      const target = await readlink(at).catch(() => undefined);
      return new Error(`${shown} is not used: ${link} is a symbolic link${target ? ` (to ${target})` : ''}, and Loupe follows no links in a collection folder.`);
    }
  }
  return new Error(`${shown} is not used: it does not resolve to a place inside the collection folder ${realRoot}.`);
}

/**
 * Where `relative` (a path under the collection folder `root`) really is: under the folder's real
 * path, through no link. Refused with a sentence naming the file otherwise. `forWrite` creates its
 * missing folders (0700).
 */
export async function containedPath(root: string, relative: string, { forWrite = false }: { forWrite?: boolean } = {}): Promise<string> {
  const parts = partsInside(root, relative);
  const shown = parts.join('/');
  const realRoot = await realpath(path.resolve(root));
  const wanted = path.join(realRoot, ...parts);
  // The deepest part that exists must be where it says it is: a link anywhere on the way resolves elsewhere.
  let existing = wanted;
  for (;;) {
    try {
      if ((await realpath(existing)) !== existing) throw await linkRefusal(realRoot, parts, shown);
      break;
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
      // A link to nothing is a link all the same.
      if (await lstat(existing).then(() => true, () => false)) throw await linkRefusal(realRoot, parts, shown);
      existing = path.dirname(existing);
    }
  }
  if (forWrite && existing !== wanted && existing !== path.dirname(wanted)) {
    await mkdir(path.dirname(wanted), { recursive: true, mode: FOLDER_MODE });
    if ((await realpath(path.dirname(wanted))) !== path.dirname(wanted)) throw await linkRefusal(realRoot, parts, shown);
  }
  return wanted;
}

/** A collection file's text, bounded in size; the file's name as the collection says it, in any sentence. */
export async function readContainedFile(root: string, relative: string, maxBytes: number): Promise<string> {
  const file = await containedPath(root, relative);
  return readTextNoFollow(file, maxBytes, relative);
}

/** Writes a collection file atomically (0600), its folders created (0700) as needed. */
export async function writeContainedFile(root: string, relative: string, content: string): Promise<void> {
  await writeFileAtomic(await containedPath(root, relative, { forWrite: true }), content);
}
