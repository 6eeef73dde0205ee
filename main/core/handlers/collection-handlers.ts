import path from 'node:path';
import type { CollectionFile, DiffSource, SurfaceSource } from '../../../shared/collections.js';
import { COLLECTION_LIMITS, SURFACES_FOLDER } from '../../../shared/collections.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import { isObject } from '../../../shared/is-object.js';
import { valueAtPointer } from '../../../shared/json-pointer.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { baselineFile } from '../collections/collection-runner.js';
import { containedPath } from '../collections/contained-path.js';
import type { CollectionService} from '../collections/collection-service.js';
import { type CollectionServiceDeps } from '../collections/collection-service.js';
import type { DiffInput } from '../collections/diff-thread-protocol.js';
import { stableJson } from '../collections/stable-json.js';
import { diffSurfaces } from '../collections/surface-diff.js';
import { SurfaceListings } from '../collections/surface-listings.js';
import { takeSurface } from '../collections/surface-snapshot.js';

type CollectionHandlers = Pick<
  RequestHandlers,
  | 'collections.open'
  | 'collections.create'
  | 'collections.close'
  | 'collections.readRequest'
  | 'collections.saveRequest'
  | 'collections.saveFromTraffic'
  | 'collections.run'
  | 'collections.consent'
  | 'collections.allow'
  | 'collections.runs'
  | 'collections.reports'
  | 'collections.acceptSnapshot'
  | 'collections.prepareServers'
  | 'collections.setSecret'
  | 'collections.secrets'
  | 'diffs.open'
  | 'diffs.rows'
  | 'diffs.close'
  | 'surfaces.take'
  | 'surfaces.save'
  | 'surfaces.list'
  | 'surfaces.diff'
  | 'surfaces.changedSince'
>;

/** Which part of a traffic entry a diff compares: a response's result (or error), a request's params. */
function entryPointer(entry: TrafficEntry): string {
  if (entry.kind === 'response') return '/result';
  if (entry.kind === 'error') return '/error';
  return isObject(entry.message) && !('params' in entry.message) ? '' : '/params';
}

export function collectionHandlers(service: CollectionService, deps: CollectionServiceDeps): CollectionHandlers {
  const diffInput = async (source: DiffSource): Promise<DiffInput> => {
    if (source.kind === 'traffic') {
      const entry = deps.trafficEntry(source.seq);
      if (!entry) throw new Error(`The traffic log no longer has entry ${source.seq}.`);
      const pointer = entryPointer(entry);
      // Read from the record on disk by the diff thread: a 5 MB text is not copied on the event loop.
      const line = deps.trafficLine(source.seq);
      if (line) return { entryLine: line, pointer };
      return entry.raw !== undefined ? { json: entry.raw, pointer } : { value: pointer ? valueAtPointer(entry.message, pointer) : entry.message };
    }
    const { dir } = service.get(source.collectionId);
    if (source.kind === 'snapshot') return { file: await containedPath(dir, baselineFile(source.path)), maxBytes: COLLECTION_LIMITS.snapshotBytes };
    const kept = await deps.runs.resultLocation(dir, source.path, source.which);
    if (!kept) throw new Error(`${source.path} has no ${source.which} run with a kept result.`);
    return { ...kept, pointer: '/result', maxBytes: COLLECTION_LIMITS.snapshotBytes };
  };
  const surfaceListings = new SurfaceListings();
  const surface = async (source: SurfaceSource) =>
    source.kind === 'server' ? takeSurface(deps.handlers, source.serverId) : service.readSurface(source.collectionId, source.name);

  return {
    'collections.open': async ({ dir }) => service.openFolder(dir),
    'collections.create': async ({ dir, name, servers }) => service.create(dir, name, servers as CollectionFile['servers'] | undefined),
    'collections.close': async ({ collectionId }) => service.close(collectionId),
    'collections.readRequest': async ({ collectionId, path: relative }) => service.readRequest(collectionId, relative),
    'collections.saveRequest': async ({ collectionId, path: relative, request }) => service.saveRequest(collectionId, relative, request),
    'collections.saveFromTraffic': async ({ collectionId, path: relative, seq, name, server }) =>
      service.saveFromTraffic(collectionId, relative, seq, { ...(name ? { name } : {}), ...(server ? { server } : {}) }),
    'collections.run': async (params) => service.run(params as Parameters<CollectionService['run']>[0]),
    'collections.runs': async ({ collectionId, path: relative }) => deps.runs.requestRuns(service.get(collectionId).dir, relative),
    'collections.reports': async ({ collectionId }) => deps.runs.reports(service.get(collectionId).dir),
    'collections.acceptSnapshot': async ({ collectionId, path: relative }) => service.acceptSnapshot(collectionId, relative),
    'collections.prepareServers': async ({ collectionId, environment, path: selection }) => service.prepareServers(collectionId, environment, selection),
    'collections.consent': async ({ collectionId, serverOverride }) => service.consent(collectionId, serverOverride === true),
    'collections.allow': async ({ collectionId, hash, remember }) => service.allow(collectionId, hash, remember),
    'collections.setSecret': async ({ collectionId, name, value }) => service.setSecret(collectionId, name, value),
    'collections.secrets': async ({ collectionId }) => service.secrets(collectionId),
    'diffs.open': async ({ before, after, ignore }) => deps.diffs.compute(await diffInput(before), await diffInput(after), ignore ?? []),
    'diffs.rows': async ({ diffId, start, end }) => deps.diffs.rows(diffId, start, end),
    'diffs.close': async ({ diffId }) => deps.diffs.close(diffId),
    'surfaces.take': async ({ serverId }) => takeSurface(deps.handlers, serverId),
    'surfaces.save': async ({ collectionId, serverId, name }) => {
      const snapshot = await takeSurface(deps.handlers, serverId);
      await service.saveSurface(collectionId, name, stableJson(snapshot));
      return snapshot;
    },
    'surfaces.list': async ({ collectionId }) => {
      const { dir, loaded } = service.get(collectionId);
      return surfaceListings.list(path.join(dir, SURFACES_FOLDER), loaded.surfaces, (name) => service.surfacePath(collectionId, name));
    },
    'surfaces.diff': async ({ before, after }) => diffSurfaces(await surface(before), await surface(after)),
    'surfaces.changedSince': async ({ collectionId, serverId, name }) =>
      diffSurfaces(await service.readSurface(collectionId, name), await takeSurface(deps.handlers, serverId)),
  };
}
