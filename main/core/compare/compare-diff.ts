/**
 * The differences between what two clients were offered: the server's answer to each (identity,
 * instructions, capabilities), then each list item only one side got or that differs. Items are
 * compared by the capability diff (collections/surface-diff.ts), read from side A to side B.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CapabilitySnapshot } from '../../../shared/collections.js';
import { COMPARED_LISTS, type CompareDifference, type CompareSide } from '../../../shared/compare.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { diffSurfaces } from '../collections/surface-diff.js';

/** Characters of a value shown inside a sentence. */
const PREVIEW_CHARS = 160;

function preview(value: unknown): string {
  if (value === undefined) return 'none';
  const text = JSON.stringify(value);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

const SERVER_FIELDS = [
  ['protocolVersion', 'protocol version'],
  ['era', 'protocol era'],
  ['name', 'server name'],
  ['version', 'server version'],
  ['title', 'server title'],
  ['instructions', 'instructions'],
] as const;

export function compareSides(a: CompareSide, b: CompareSide): CompareDifference[] {
  if (!a.server || !b.server) return [];
  const differences: CompareDifference[] = [];
  const as = (side: CompareSide) => `as ${side.label}`;

  for (const [field, name] of SERVER_FIELDS) {
    const [was, now] = [a.server[field], b.server[field]];
    if (was === now) continue;
    const shown = field === 'instructions' ? (value: string | undefined) => (value === undefined ? 'none' : `${value.length} characters`) : preview;
    differences.push({ kind: 'differs', subject: 'server', path: `/${field}`, message: `The ${name} differs: ${shown(was)} ${as(a)}, ${shown(now)} ${as(b)}.` });
  }

  const capsA = a.capabilities ?? {};
  const capsB = b.capabilities ?? {};
  for (const key of new Set([...Object.keys(capsA), ...Object.keys(capsB)])) {
    const [was, now] = [capsA[key], capsB[key]];
    if (isDeepStrictEqual(was, now)) continue;
    const subject = `capability ${key}`;
    if (now === undefined) differences.push({ kind: 'only-a', subject, path: `/${key}`, message: `Only ${a.label} was offered the "${key}" capability.` });
    else if (was === undefined) differences.push({ kind: 'only-b', subject, path: `/${key}`, message: `Only ${b.label} was offered the "${key}" capability.` });
    else differences.push({ kind: 'differs', subject, path: `/${key}`, message: `The "${key}" capability differs: ${preview(was)} ${as(a)}, ${preview(now)} ${as(b)}.` });
  }

  // Only lists both sides could read are compared (a failed list is named in its side's problems).
  const both = COMPARED_LISTS.filter((name) => a.lists?.[name] && b.lists?.[name]);
  const surface = (side: CompareSide): CapabilitySnapshot => {
    const list = (name: (typeof COMPARED_LISTS)[number]): JsonObject[] => (both.includes(name) ? (side.lists?.[name] ?? []) : []);
    return { loupeSurface: 1, takenAt: '', server: { name: '', version: '', protocolVersion: '', era: '' }, capabilities: {}, tools: list('tools'), resources: list('resources'), resourceTemplates: list('resourceTemplates'), prompts: list('prompts') };
  };
  for (const change of diffSurfaces(surface(a), surface(b)).changes) {
    if (change.path === '') {
      const [kind, id] = splitSubject(change.subject);
      const onlyA = change.class === 'breaking';
      const label = onlyA ? a.label : b.label;
      differences.push({ kind: onlyA ? 'only-a' : 'only-b', subject: change.subject, path: '', message: `Only ${label} was offered the ${kind} "${id}".` });
    } else {
      differences.push({ kind: 'differs', subject: change.subject, path: change.path, message: change.message });
    }
  }
  return differences;
}

/** `tool echo` → ['tool', 'echo'] (an id may hold spaces). */
function splitSubject(subject: string): [string, string] {
  const space = subject.indexOf(' ');
  return [subject.slice(0, space), subject.slice(space + 1)];
}
