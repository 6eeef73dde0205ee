import { useEffect, useState } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { errorMessage } from '../../bridge/bridge-error';
import { HttpExchangeView } from '../../ui/HttpExchangeView';
import { HeaderVerdictView } from './HeaderVerdictView';

type Loaded = { seq: number; entry?: TrafficEntry | null; error?: string };

/** An `http` entry's exchange (method, URL, status, headers, session id), fetched whole from the core. */
export function HttpEntryPane({ seq, fetchWhole }: { seq: number; fetchWhole: (seq: number) => Promise<TrafficEntry | null> }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    fetchWhole(seq).then(
      (entry) => current && setLoaded({ seq, entry }),
      (error: unknown) => current && setLoaded({ seq, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [seq, fetchWhole]);
  const shown = loaded?.seq === seq ? loaded : null;
  return (
    <section className="message-pane" aria-label="HTTP exchange">
      <header className="message-pane__header">
        <h3 className="message-pane__title">HTTP exchange</h3>
      </header>
      <div className="http-entry-pane__body">
        {!shown ? (
          <span className="muted">Loading…</span>
        ) : shown.error ? (
          <span className="field-error">{shown.error}</span>
        ) : shown.entry?.http ? (
          <>
            {shown.entry.headerVerdict && <HeaderVerdictView verdict={shown.entry.headerVerdict} />}
            <HttpExchangeView exchange={shown.entry.http} />
          </>
        ) : (
          <span className="muted">This entry is no longer kept.</span>
        )}
      </div>
    </section>
  );
}
