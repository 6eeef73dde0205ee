import { randomUUID } from 'node:crypto';
import type { FetchLike } from '@modelcontextprotocol/client';
import {
  LATEST_OAUTH_SPEC_VERSION,
  OAUTH_DEBUG_LIMITS,
  type DebugRequestEdit,
  type OAuthDebugRun,
  type OAuthDebugRunSummary,
  type OAuthDebugStartParams,
} from '../../../../shared/oauth-debugger.js';
import type { ServerConfig } from '../../../../shared/server-config.js';
import { LoupeError } from '../../../../shared/wire.js';
import type { TrafficLog } from '../../traffic/traffic-log.js';
import { CALLBACK_PATH, reservePort } from '../loopback-redirect.js';
import type { TokenStore } from '../token-store.js';
import { OAuthDebugRunner } from './debug-run.js';

export interface OAuthDebuggerDeps {
  server: (serverId: string) => ServerConfig;
  tokens: TokenStore;
  traffic: TrafficLog;
  onChange: (run: OAuthDebugRun) => void;
  /** The shell opens the authorization page (the same event as a sign-in's). */
  openUrl: (event: { serverId: string; url: string }) => void;
  remember: (...values: Array<string | undefined>) => void;
  clientVersion: string;
  fetch?: FetchLike;
  redirectWaitMs?: number;
}

/** The debug runs of this core, by id: at most OAUTH_DEBUG_LIMITS.maxRuns, the oldest finished one dropped first. */
export class OAuthDebugger {
  private readonly runs = new Map<string, OAuthDebugRunner>();

  constructor(private readonly deps: OAuthDebuggerDeps) {}

  async start(params: OAuthDebugStartParams): Promise<OAuthDebugRun> {
    const config = this.deps.server(params.serverId);
    if (config.transport.type === 'stdio') throw new LoupeError('The OAuth debugger is for Streamable HTTP and SSE servers: a stdio server takes its credentials from its environment.', 'not-supported');
    const transport = config.transport;
    const runId = randomUUID();
    const port = await reservePort();
    const secretNames = new Set(transport.headers.filter((pair) => pair.secret).map((pair) => pair.key.trim().toLowerCase()));
    const mcpHeaders = Object.fromEntries(
      transport.headers.filter((pair) => pair.key.trim() !== '' && pair.key.trim().toLowerCase() !== 'authorization').map((pair) => [pair.key.trim().toLowerCase(), pair.value]),
    );
    const storedClientSecret = await this.deps.tokens.secret(config.id, 'client-secret');
    const runner = new OAuthDebugRunner({
      runId,
      serverId: config.id,
      mode: params.mode ?? 'step',
      context: {
        version: params.version ?? LATEST_OAUTH_SPEC_VERSION,
        serverUrl: transport.url,
        transport: transport.type,
        settings: config.auth ?? {},
        ...(storedClientSecret ? { storedClientSecret } : {}),
        redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
        clientVersion: this.deps.clientVersion,
        mcpHeaders,
      },
      recorder: this.deps.traffic.recorderFor(config.id, `oauth-debug:${runId}`),
      secretNames,
      onChange: (run) => this.deps.onChange(run),
      openInBrowser: (url) => this.deps.openUrl({ serverId: config.id, url }),
      remember: (...values) => this.deps.remember(...values),
      ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
      ...(this.deps.redirectWaitMs ? { redirectWaitMs: this.deps.redirectWaitMs } : {}),
    });
    this.makeRoom();
    this.runs.set(runId, runner);
    return runner.start();
  }

  next(runId: string): Promise<OAuthDebugRun> {
    return this.run(runId).next();
  }

  continueFrom(runId: string, stepIndex: number, edit?: DebugRequestEdit): Promise<OAuthDebugRun> {
    return this.run(runId).continueFrom(stepIndex, edit);
  }

  edit(runId: string, edit: DebugRequestEdit, stepIndex?: number): OAuthDebugRun {
    return this.run(runId).edit(edit, stepIndex);
  }

  stop(runId: string): OAuthDebugRun {
    return this.run(runId).stop();
  }

  get(runId: string): OAuthDebugRun {
    return this.run(runId).view();
  }

  list(serverId?: string): OAuthDebugRunSummary[] {
    return [...this.runs.values()]
      .filter((runner) => serverId === undefined || runner.serverId === serverId)
      .map((runner) => {
        const { runId, serverId: server, version, status, counts, startedAt } = runner.view();
        return { runId, serverId: server, version, status, counts, startedAt };
      });
  }

  /** The server was removed (or the core is closing): its runs go. */
  forget(serverId?: string): void {
    for (const [runId, runner] of this.runs) {
      if (serverId !== undefined && runner.serverId !== serverId) continue;
      runner.dispose();
      this.runs.delete(runId);
    }
  }

  private run(runId: string): OAuthDebugRunner {
    const runner = this.runs.get(runId);
    if (!runner) throw new LoupeError(`No OAuth debug run ${runId}: it ended with its core, or newer runs replaced it.`, 'not-found');
    return runner;
  }

  private makeRoom(): void {
    while (this.runs.size >= OAUTH_DEBUG_LIMITS.maxRuns) {
      const oldest = [...this.runs.values()].find((runner) => !runner.busy) ?? this.runs.values().next().value!;
      oldest.dispose();
      this.runs.delete(oldest.runId);
    }
  }
}
