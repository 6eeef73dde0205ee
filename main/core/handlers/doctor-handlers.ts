import type { RequestHandlers } from '../../../shared/contract.js';
import type { ConfigStore } from '../config/config-store.js';
import { resolveEnvReferences } from '../config/env-references.js';
import { runDoctor } from '../doctor/run-doctor.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

type DoctorHandlers = Pick<RequestHandlers, 'doctor.run'>;

/** `onEnvironmentValues` hears the values filled in from the environment, for export redaction (as a connection's). */
export function doctorHandlers(store: ConfigStore, traffic: TrafficLog, clientVersion: string, onEnvironmentValues: (values: string[]) => void): DoctorHandlers {
  return {
    'doctor.run': async ({ serverId }) => {
      // The doctor starts the server as a connection would: with its `${env:NAME}` references filled in.
      const { config, values } = resolveEnvReferences(store.require(serverId), process.env);
      if (values.length > 0) onEnvironmentValues(values);
      return runDoctor(config, { traffic, clientVersion });
    },
  };
}
