import { useState } from 'react';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { latencyText } from './latency';

type PingState = { status: 'idle' } | { status: 'running' } | { status: 'ok'; ms: number } | { status: 'failed'; message: string };

/** Sends `ping` and shows the round trip, or why it failed. */
export function PingControl({ serverId, connected }: { serverId: string; connected: boolean }) {
  const api = getApi();
  const [state, setState] = useState<PingState>({ status: 'idle' });

  const ping = async () => {
    setState({ status: 'running' });
    try {
      const outcome = await api.invoke('ping.send', { serverId });
      setState(outcome.failure ? { status: 'failed', message: outcome.failure.message } : { status: 'ok', ms: outcome.durationMs });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <span className="ping-control">
      <button type="button" className="button button--small" disabled={!connected || state.status === 'running'} onClick={() => void ping()}>
        Ping
      </button>
      <span className={`ping-control__result ${state.status === 'failed' ? 'field-error' : ''}`} role="status" aria-label="Ping result">
        {state.status === 'running' && 'Pinging…'}
        {state.status === 'ok' && <>Round trip {latencyText(state.ms)}</>}
        {state.status === 'failed' && `Ping failed: ${state.message}`}
      </span>
    </span>
  );
}
