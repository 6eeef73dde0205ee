import { randomUUID } from 'node:crypto';
import type { DoctorReport } from '../../../shared/doctor.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { networkFetch } from '../transports/network-fetch.js';
import { recordingFetch } from '../transports/recording-fetch.js';
import { runSteps } from './doctor-runner.js';
import { HTTP_STEPS, type HttpDoctorContext } from './http-checks.js';
import { STDIO_STEPS, type StdioDoctorContext } from './stdio-checks.js';

export interface DoctorDeps {
  traffic: TrafficLog;
  clientVersion: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * Runs the doctor on a server (its settings with `${env:NAME}` filled in), apart from its
 * connection: the checks' exchanges are recorded under a connection id of their own, opened by a note.
 */
export async function runDoctor(config: ServerConfig, deps: DoctorDeps): Promise<DoctorReport> {
  const started = Date.now();
  const connectionId = randomUUID();
  const recorder = deps.traffic.recorderFor(config.id, connectionId);
  recorder.note('Diagnose: the connection doctor checks this server step by step; its own exchanges follow.');
  const transport = config.transport;
  let checks;
  if (transport.type === 'stdio') {
    const ctx: StdioDoctorContext = { config: transport, recorder, clientVersion: deps.clientVersion };
    try {
      checks = await runSteps(STDIO_STEPS, ctx, deps.timeoutMs);
    } finally {
      await ctx.trial?.close();
    }
  } else {
    const url = new URL(transport.url);
    const secretNames = new Set(transport.headers.filter((pair) => pair.secret).map((pair) => pair.key.trim().toLowerCase()));
    const ctx: HttpDoctorContext = {
      config: transport,
      url,
      headers: Object.fromEntries(transport.headers.filter((pair) => pair.key.trim() !== '').map((pair) => [pair.key, pair.value])),
      secretNames,
      fetch: recordingFetch(networkFetch, { serverUrl: url, secretNames, onExchange: (exchange, links) => recorder.http(exchange, links) }),
      clientVersion: deps.clientVersion,
      env: deps.env ?? process.env,
    };
    checks = await runSteps(HTTP_STEPS, ctx, deps.timeoutMs);
  }
  const failed = checks.filter((check) => check.status === 'fail').length;
  recorder.note(failed === 0 ? 'Diagnose: every check passed.' : `Diagnose: ${failed === 1 ? 'one check' : `${failed} checks`} failed.`);
  return { serverId: config.id, serverName: config.name, transport: transport.type, connectionId, checks, ok: failed === 0, tookMs: Date.now() - started };
}
