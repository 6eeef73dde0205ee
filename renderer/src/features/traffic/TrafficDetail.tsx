import { useEffect, useState } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { useApi } from '../../bridge/api-context';
import { errorMessage } from '../../bridge/bridge-error';
import { formatBytes, formatClockTime } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { useServersStore } from '../servers/servers-store';
import { DIRECTION_ARROWS, DIRECTION_WORDS, KIND_LABELS, isTextEntry } from './traffic-format';
import { useTrafficStore } from './traffic-store';

interface FullEntry {
  seq: number;
  entry?: TrafficEntry;
  error?: string;
}

/** The selected entry's whole message; messages too large to arrive inline are fetched with `traffic.get`. */
export function TrafficDetail() {
  const api = useApi();
  const selectedSeq = useTrafficStore((state) => state.selectedSeq);
  const entry = useTrafficStore((state) =>
    state.selectedSeq === null ? undefined : state.buffer.findBySeq(state.selectedSeq),
  );
  const serverName = useServersStore((state) => state.servers.find((server) => server.id === entry?.serverId)?.name);
  const [full, setFull] = useState<FullEntry | null>(null);

  useEffect(() => {
    if (!entry?.truncated) return;
    let current = true;
    const { seq } = entry;
    api.invoke('traffic.get', { seq }).then(
      (whole) => {
        if (current) setFull(whole ? { seq, entry: whole } : { seq, error: 'The core no longer keeps this message.' });
      },
      (error: unknown) => {
        if (current) setFull({ seq, error: errorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [api, entry]);

  if (!entry) {
    return (
      <section className="traffic-detail" aria-label="Message detail">
        <p className="empty-state">
          {selectedSeq === null ? 'Select an entry to see the whole message.' : 'This entry is no longer kept.'}
        </p>
      </section>
    );
  }

  const fetched = full?.seq === entry.seq ? full : null;
  return (
    <section className="traffic-detail" aria-label="Message detail">
      <header className="traffic-detail__header">
        <span className={`traffic-dir--${entry.direction}`} aria-hidden="true">
          {DIRECTION_ARROWS[entry.direction]}
        </span>
        <span className="traffic-detail__kind">
          {KIND_LABELS[entry.kind]}
          <span className="visually-hidden">, {DIRECTION_WORDS[entry.direction]}</span>
        </span>
        {entry.method && <code className="traffic-detail__method">{entry.method}</code>}
        {entry.id !== undefined && <span className="traffic-detail__meta">id {String(entry.id)}</span>}
      </header>
      <p className="traffic-detail__meta-line">
        #{entry.seq} · {serverName ?? entry.serverId} · {formatBytes(entry.size)} · {formatClockTime(entry.time)}
        {entry.errorCode !== undefined && <> · error {entry.errorCode}</>}
        {entry.batchSeq !== undefined && <> · in batch #{entry.batchSeq}</>}
      </p>
      <div className="traffic-detail__body">
        {isTextEntry(entry) ? (
          <JsonText key={entry.seq} text={entry.text ?? ''} label="Message text" />
        ) : entry.truncated ? (
          fetched?.entry ? (
            <JsonText key={entry.seq} value={fetched.entry.message} label="Message JSON" />
          ) : (
            <>
              <p className={fetched?.error ? 'field-error' : 'muted'} role={fetched?.error ? 'alert' : undefined}>
                {fetched?.error ?? `Loading the whole message (${formatBytes(entry.size)})…`}
              </p>
              {entry.text && <JsonText key={entry.seq} text={entry.text} label="Message preview" />}
            </>
          )
        ) : (
          <JsonText key={entry.seq} value={entry.message} label="Message JSON" />
        )}
      </div>
    </section>
  );
}
