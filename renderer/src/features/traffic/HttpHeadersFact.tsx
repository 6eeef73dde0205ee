import { useEffect, useState } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { errorMessage } from '../../bridge/bridge-error';
import '../../ui/http-exchange.css';
import type { HeaderVerdict } from '../../../../shared/header-verdict';
import { HeaderVerdictView } from './HeaderVerdictView';

type Loaded = { seq: number; headers?: Record<string, string>; verdict?: HeaderVerdict; error?: string };

/**
 * The HTTP headers a request went out with (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*` on 2026-07-28).
 * The core attaches them once the POST is sent, so they are fetched with the whole entry, with
 * the verdict on them where the connection mirrors headers.
 */
export function HttpHeadersFact({ seq, fetchWhole }: { seq: number; fetchWhole: (seq: number) => Promise<TrafficEntry | null> }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    fetchWhole(seq).then(
      (entry) => current && setLoaded({ seq, ...(entry?.httpHeaders ? { headers: entry.httpHeaders } : {}), ...(entry?.headerVerdict ? { verdict: entry.headerVerdict } : {}) }),
      (error: unknown) => current && setLoaded({ seq, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [seq, fetchWhole]);

  const shown = loaded?.seq === seq ? loaded : null;
  if (!shown) return <span className="muted">Loading…</span>;
  if (shown.error) return <span className="field-error">{shown.error}</span>;
  if (!shown.headers) return <span className="muted">in the HTTP entry that carried it, just after it in the log</span>;
  return (
    <>
      {shown.verdict && <HeaderVerdictView verdict={shown.verdict} />}
      <dl className="http-headers" aria-label="HTTP request headers">
        {Object.entries(shown.headers).map(([name, value]) => (
          <div key={name} className="http-headers__item">
            <dt className="mono">{name}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
