/** Collections' part of the core: the service, its diff thread, run store and traffic links. */
import type { EventName, EventPayload, RequestHandlers } from '../../../shared/contract.js';
import type { IsolatedValidator } from '../mcp/isolated-validator.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { CollectionService, type CollectionServiceDeps } from './collection-service.js';
import { ConsentStore } from './consent-store.js';
import { DiffHost } from './diff-host.js';
import { ResponseIndex } from './response-index.js';
import { RunStore } from './run-store.js';

export interface CollectionsOptions {
  dataDir: string;
  traffic: TrafficLog;
  secrets: SecretStore;
  validator: IsolatedValidator;
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** The core's handlers (a run calls tools, reads and connects through them); asked for when used. */
  handlers(): RequestHandlers;
  env?: NodeJS.ProcessEnv;
  /** Hears each environment and secret value a collection fills in (the session's redaction list). */
  remember(values: readonly string[]): void;
}

export function createCollections(options: CollectionsOptions): { service: CollectionService; deps: CollectionServiceDeps; dispose(): Promise<void> } {
  const responses = new ResponseIndex();
  const stopObserving = options.traffic.observe(responses.observe);
  const diffs = new DiffHost();
  const runs = new RunStore(options.dataDir);
  const trafficEntry = (seq: number) => options.traffic.get(seq);
  const deps: CollectionServiceDeps = {
    get handlers() {
      return options.handlers();
    },
    secrets: options.secrets,
    env: options.env ?? process.env,
    validator: options.validator,
    diffs,
    runs,
    consents: new ConsentStore(options.dataDir),
    remember: (values) => options.remember(values),
    responseOf: (requestSeq) => responses.responseOf(requestSeq, trafficEntry),
    trafficEntry,
    trafficLine: (seq) => options.traffic.lineFile(seq),
    changed: (view) => options.emit('collections.changed', view),
    progress: (event) => options.emit('collections.runProgress', event),
  };
  const service = new CollectionService(deps);
  return {
    service,
    deps,
    dispose: async () => {
      stopObserving();
      service.closeAll();
      await runs.settled();
      await diffs.dispose();
    },
  };
}
