import type { HttpExchange } from '../../../shared/auth';
import { formatDuration } from './format';
import './http-exchange.css';

function HeaderList({ label, headers }: { label: string; headers: Record<string, string> | undefined }) {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return <p className="muted http-exchange__none">{label}: none</p>;
  return (
    <dl className="http-headers" aria-label={label}>
      {entries.map(([name, value]) => (
        <div key={name} className="http-headers__item">
          <dt className="mono">{name}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One HTTP exchange as recorded: request line, headers and body, then the response's. Credentials are already redacted. */
export function HttpExchangeView({ exchange }: { exchange: HttpExchange }) {
  const status = exchange.status === undefined ? (exchange.error ? `No response: ${exchange.error}` : 'No response') : `${exchange.status} ${exchange.statusText ?? ''}`.trim();
  return (
    <div className="http-exchange">
      <section className="http-exchange__side" aria-label="HTTP request">
        <h4 className="http-exchange__title">Request</h4>
        <p className="mono http-exchange__line">
          {exchange.method} {exchange.url}
        </p>
        {exchange.sessionId && <p className="http-exchange__meta">Session id: <span className="mono">{exchange.sessionId}</span></p>}
        <HeaderList label="Request headers" headers={exchange.requestHeaders} />
        {exchange.requestBody && (
          <pre className="http-exchange__body" aria-label="Request body" tabIndex={0}>
            {exchange.requestBody}
          </pre>
        )}
      </section>
      <section className="http-exchange__side" aria-label="HTTP response">
        <h4 className="http-exchange__title">Response</h4>
        <p className={`mono http-exchange__line ${exchange.status === undefined || exchange.status >= 400 ? 'http-exchange__line--error' : ''}`}>
          {status} <span className="muted">· {formatDuration(exchange.durationMs)}</span>
        </p>
        {exchange.status !== undefined && <HeaderList label="Response headers" headers={exchange.responseHeaders} />}
        {exchange.responseBody && (
          <pre className="http-exchange__body" aria-label="Response body" tabIndex={0}>
            {exchange.responseBody}
          </pre>
        )}
      </section>
    </div>
  );
}
