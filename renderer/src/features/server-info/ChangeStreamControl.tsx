import { useState } from 'react';
import type { ChangeStreamState } from '../../../../shared/connection';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';

const FILTER_WORDS: Record<string, string> = {
  toolsListChanged: 'tools',
  promptsListChanged: 'prompts',
  resourcesListChanged: 'resources',
};

function describe(state: ChangeStreamState): string {
  switch (state.status) {
    case 'opening':
      return 'Opening subscriptions/listen…';
    case 'open': {
      const filter = state.honoredFilter ?? {};
      const lists = Object.keys(FILTER_WORDS).filter((key) => filter[key] === true).map((key) => FILTER_WORDS[key]);
      const resources = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.length : 0;
      const parts = [...(lists.length > 0 ? [`${lists.join(', ')} list changes`] : []), ...(resources > 0 ? [`${resources} resource${resources === 1 ? '' : 's'}`] : [])];
      return `Listening for ${parts.join(' and ') || 'nothing the server agreed to'}.`;
    }
    case 'closed':
      return `Not listening: ${state.message ?? 'the stream closed.'}`;
    case 'failed':
      return state.message ?? 'The change stream failed.';
    default:
      return 'Not listening: lists refresh only when you reload them.';
  }
}

/** A 2026-07-28 connection's `subscriptions/listen` stream: what it carries, and Listen/Stop. */
export function ChangeStreamControl({ serverId, state }: { serverId: string; state: ChangeStreamState | undefined }) {
  const api = getApi();
  const [error, setError] = useState<string | null>(null);
  const current = state ?? { status: 'off', resourceUris: [] };
  const listening = current.status === 'open' || current.status === 'opening';

  const toggle = async () => {
    setError(null);
    try {
      await api.invoke('connections.changeStream', { serverId, open: !listening });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <span className="change-stream">
      <button type="button" className="button button--small" onClick={() => void toggle()}>
        {listening ? 'Stop listening' : 'Listen for changes'}
      </button>
      <span className={`change-stream__state ${current.status === 'failed' || error ? 'field-error' : ''}`} role="status" aria-label="Change stream">
        {error ?? describe(current)}
      </span>
    </span>
  );
}
