/**
 * The core's `proxy.*` requests: proxied sessions streamed in by `loupe proxy` processes (when the
 * core accepts them), intercept, Route through Loupe and Serve as mock. `startProxyArea` builds the
 * pieces and returns the handlers and what the core must close on dispose.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Notice, RequestHandlers } from '../../../shared/contract.js';
import type { PausedMessage, ProxiedSession } from '../../../shared/proxy.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import type { ConfigStore } from '../config/config-store.js';
import { InterceptDesk } from '../proxy/intercept-desk.js';
import { ProxiedSessions } from '../proxy/proxied-sessions.js';
import { ProxyEndpoint } from '../proxy/proxy-endpoint.js';
import { loupeLaunch, dataDirArgs } from '../proxy/route/routed-entry.js';
import { RouteService } from '../proxy/route/route-service.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

type ProxyHandlers = Pick<
  RequestHandlers,
  | 'proxy.sessions.list'
  | 'proxy.intercept.rules'
  | 'proxy.intercept.list'
  | 'proxy.intercept.decide'
  | 'proxy.route.preview'
  | 'proxy.route.apply'
  | 'proxy.route.list'
  | 'proxy.route.restore'
  | 'proxy.mock.add'
>;

export interface ProxyAreaOptions {
  dataDir: string;
  traffic: TrafficLog;
  store: ConfigStore;
  /** Listen for `loupe proxy` processes (the app's core does; the CLI's, on a copy of the data folder, does not). */
  acceptProxies: boolean;
  onSession(session: ProxiedSession): void;
  /** A proxy linked: the traffic record is told its name, for `loupe mock NAME`. */
  onSessionOpened(session: ProxiedSession): void;
  onPaused(message: PausedMessage): void;
  onServersChanged(): void;
  onNotice(notice: Notice): void;
}

/** How long `loupe mock --check` may take to load a recording (up to its 512 MB) before the add gives up. */
const MOCK_CHECK_MS = 60_000;

/**
 * Runs the mock's command with `--check` (its own process: loading a recording is CPU work on
 * server-sent text), so a server name the recording lacks is refused before it is added, with the
 * mock's sentence naming the servers it holds.
 */
function checkMock(launch: ReturnType<typeof loupeLaunch>, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(launch.command, [...args, '--check'], { env: { ...process.env, ...launch.env }, timeout: MOCK_CHECK_MS, maxBuffer: 64 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n')[0]?.replace(/^loupe: /, '').slice(0, 2000);
      const why = said || (error.killed ? `loading it took longer than ${MOCK_CHECK_MS / 1000} s` : error.message);
      reject(new LoupeError(`Cannot serve this recording as a mock: ${why}`, 'invalid'));
    });
  });
}

export async function startProxyArea(options: ProxyAreaOptions): Promise<{ handlers: ProxyHandlers; close(): Promise<void> }> {
  const sessions = new ProxiedSessions(
    options.traffic,
    (session) => options.onSession(session),
    (session) => options.onSessionOpened(session),
  );
  let endpoint: ProxyEndpoint | undefined;
  const intercept = new InterceptDesk({
    emit: (paused) => options.onPaused(paused),
    send: (sessionId, message) => endpoint?.send(sessionId, message) ?? false,
    broadcast: (message) => endpoint?.broadcast(message),
  });
  if (options.acceptProxies) {
    endpoint = await ProxyEndpoint.start({ dataDir: options.dataDir, traffic: options.traffic, sessions, intercept, onNotice: (notice) => options.onNotice(notice) });
  }
  const routes = new RouteService(options.dataDir);

  const addMock = async (params: Parameters<RequestHandlers['proxy.mock.add']>[0]): Promise<ServerConfig> => {
    const launch = loupeLaunch();
    const recording = /[\\/]/.test(params.recording) ? path.resolve(params.recording) : params.recording;
    const args = [
      ...launch.args,
      'mock',
      recording,
      ...(params.server !== undefined ? ['--server', params.server] : []),
      ...(params.matching !== undefined ? ['--match', params.matching] : []),
      ...(params.ignore ?? []).flatMap((pointer) => ['--ignore', pointer]),
      ...dataDirArgs(options.dataDir, true),
    ];
    await checkMock(launch, args);
    const added = await options.store.add({
      name: params.name ?? `Mock of ${path.basename(params.recording)}`,
      transport: { type: 'stdio', command: launch.command, args, env: Object.entries(launch.env).map(([key, value]) => ({ key, value })) },
    });
    options.onServersChanged();
    return added;
  };

  return {
    handlers: {
      'proxy.sessions.list': async () => sessions.list(),
      'proxy.intercept.rules': async (params) => (params ? intercept.setRules(params.rules) : intercept.listRules()),
      'proxy.intercept.list': async () => intercept.list(),
      'proxy.intercept.decide': async (params) => intercept.decide(params.id, params.decision),
      'proxy.route.preview': async (params) => routes.preview(params),
      'proxy.route.apply': async (params) => routes.apply(params.target, params.fileHash),
      'proxy.route.list': async () => routes.list(),
      'proxy.route.restore': async (params) => routes.restore(params.id),
      'proxy.mock.add': addMock,
    },
    close: async () => {
      await endpoint?.close();
    },
  };
}
