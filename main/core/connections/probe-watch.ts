import type { EraNegotiation, ProtocolEra } from '../../../shared/connection.js';
import type { ProtocolEraSetting } from '../../../shared/server-config.js';
import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

export const DISCOVER_METHOD = 'server/discover';

/** What happened to the `server/discover` probe, read from the connection's own traffic. */
export interface ProbeOutcome {
  sent: boolean;
  answer?: { kind: 'result' } | { kind: 'error'; code?: number; message?: string };
}

/** Watches one connection's traffic while it connects, to tell what the probe did. */
export class ProbeWatch {
  private probeId: JsonRpcId | undefined;
  private readonly outcome: ProbeOutcome = { sent: false };
  private readonly stop: () => void;

  constructor(traffic: TrafficLog, connectionId: string) {
    this.stop = traffic.observe((entry) => {
      if (entry.connectionId === connectionId) this.see(entry);
    });
  }

  get result(): ProbeOutcome {
    return this.outcome;
  }

  /** The probe went out and the server never answered it (it exited, or stayed silent). */
  get unanswered(): boolean {
    return this.outcome.sent && !this.outcome.answer;
  }

  dispose(): void {
    this.stop();
  }

  private see(entry: TrafficEntry): void {
    if (entry.direction === 'out' && entry.kind === 'request' && entry.method === DISCOVER_METHOD && entry.id !== undefined) {
      this.probeId = entry.id;
      this.outcome.sent = true;
      return;
    }
    if (entry.direction !== 'in' || this.probeId === undefined || entry.id !== this.probeId) return;
    if (entry.kind === 'response') this.outcome.answer = { kind: 'result' };
    else if (entry.kind === 'error') {
      const error = (entry.message as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      this.outcome.answer = {
        kind: 'error',
        ...(typeof error?.code === 'number' ? { code: error.code } : {}),
        ...(typeof error?.message === 'string' ? { message: error.message } : {}),
      };
    }
  }
}

function describeAnswer(probe: ProbeOutcome): string {
  const answer = probe.answer;
  if (!answer) return 'did not answer it';
  if (answer.kind === 'result') return 'answered it without offering 2026-07-28';
  const code = answer.code !== undefined ? ` ${answer.code}` : '';
  const message = answer.message ? ` (${answer.message})` : '';
  return `answered it with error${code}${message}`;
}

/** One sentence for the server details: how the connection arrived at its era. */
export function describeNegotiation(
  setting: ProtocolEraSetting,
  era: ProtocolEra,
  version: string,
  probe: ProbeOutcome,
  restarted: boolean,
): EraNegotiation {
  let summary: string;
  if (restarted) {
    summary = `The server exited on the ${DISCOVER_METHOD} probe, so Loupe restarted it and connected with initialize (${version}).`;
  } else if (setting === 'legacy') {
    summary = `Legacy is set for this server: connected with initialize (${version}), without a probe.`;
  } else if (era === 'modern') {
    summary =
      setting === 'modern'
        ? `Pinned to ${version}: the server offers it in its ${DISCOVER_METHOD} result.`
        : `Probed with ${DISCOVER_METHOD}: the server offers ${version}.`;
  } else if (!probe.sent) {
    summary = `Connected with initialize (${version}).`;
  } else {
    summary = `Probed with ${DISCOVER_METHOD}: the server ${describeAnswer(probe)}, so Loupe fell back to initialize (${version}).`;
  }
  return { setting, summary };
}

/** Why a pinned-modern connect failed, in words, or undefined when the probe was not the reason. */
export function describePinFailure(probe: ProbeOutcome, version: string): string | undefined {
  if (!probe.sent) return undefined;
  return `The server does not speak ${version}: it ${describeAnswer(probe)}. Set Protocol era to Auto or Legacy to connect with initialize.`;
}
