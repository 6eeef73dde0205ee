import { useEffect } from 'react';
import { AUTH_STEP_TITLES, type AuthStatus, type AuthStep } from '../../../../shared/auth';
import { getApi } from '../../bridge/api';
import { formatClockTime } from '../../ui/format';
import { findServer, useServersStore } from '../../state/servers';
import { authSlots } from './slots';
import { useAuthStore } from '../../state/auth/auth-store';
import { isWebUrl } from '../../state/auth/sign-in-window';
import { HttpExchangeView } from '../../ui/HttpExchangeView';
import { useSignIn } from '../../ui/sign-in/use-sign-in';
import './auth.css';
import { OAuthDebugger } from './debugger/OAuthDebugger';
import { SignInDemoOffer } from './SignInDemoOffer';
import { isSignInDemoEntry } from '../../../../shared/sign-in-demo';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const STATE_LABELS: Record<AuthStatus['state'], string> = {
  none: 'Not signed in',
  'signing-in': 'Signing in…',
  'waiting-for-browser': 'Waiting for the browser',
  'signed-in': 'Signed in',
  failed: 'Sign-in failed',
};

const STEP_STATUS_LABELS: Record<AuthStep['status'], string> = { ok: 'OK', failed: 'failed', waiting: 'waiting', missed: 'not here' };

const SOURCE_LABELS = {
  'pre-registered': 'pre-registered',
  'metadata-document': 'Client ID Metadata Document',
  'dynamic-registration': 'dynamic registration (RFC 7591)',
} as const;

function expiry(expiresAt: number | undefined): string {
  if (expiresAt === undefined) return 'not given by the server';
  const minutes = Math.round((expiresAt - Date.now()) / 60_000);
  const when = formatClockTime(expiresAt);
  if (minutes < 0) return `${when} (expired)`;
  return `${when} (in ${minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`})`;
}

/** The selected HTTP server's OAuth: each step with its HTTP exchange, the masked tokens, Sign in and Clear tokens. */
export function AuthPanel() {
  const api = getApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const isHttp = server !== undefined && server.transport.type !== 'stdio';
  const status = useAuthStore((state) => (serverId ? state.byServer[serverId] : undefined));
  const busy = useAuthStore((state) => (serverId ? state.busy[serverId] === true : false));
  const requestError = useAuthStore((state) => (serverId ? state.errors[serverId] : undefined));
  const { signIn } = useSignIn(server);

  useEffect(() => {
    if (serverId && isHttp) void useAuthStore.getState().load(serverId);
  }, [api, serverId, isHttp]);

  return (
    <section className="auth panel" aria-label="Auth">
      <header className="panel-header">
        <h2 className="panel-header__title">Auth</h2>
        {status && isHttp && <span className={`auth__state auth__state--${status.state}`}>{STATE_LABELS[status.state]}</span>}
        <span className="panel-header__spacer" />
        {isHttp && serverId && (
          <>
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={signIn}>
              {busy ? 'Signing in…' : status?.tokens ? 'Sign in again' : 'Sign in'}
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={!status?.tokens && !status?.client && (status?.steps.length ?? 0) === 0}
              onClick={() => void useAuthStore.getState().clear(serverId)}
            >
              Clear tokens
            </button>
          </>
        )}
      </header>
      {!server ? (
        <div className="auth__body">
          <p className="empty-state">Select a server to see its sign-in.</p>
          <SignInDemoOffer />
        </div>
      ) : !isHttp ? (
        <div className="auth__body">
          <p className="empty-state capability-absent" role="note">
            Sign-in (OAuth) is for Streamable HTTP and SSE servers; {server.name} runs as a local process.
          </p>
          <SignInDemoOffer />
        </div>
      ) : (
        <div className="auth__body">
          {requestError && (
            <p className="empty-state empty-state--error" role="alert">
              {revealInvisible(requestError)}
            </p>
          )}
          {status?.failure && (
            <p className="auth__failure" role="alert">
              <strong>Sign-in failed at “{AUTH_STEP_TITLES[status.failure.step]}”:</strong> {revealInvisible(status.failure.message)}
            </p>
          )}
          {status?.authorizationUrl && isWebUrl(status.authorizationUrl) && (
            <p className="auth__waiting" role="status">
              {status.state === 'waiting-for-browser' ? 'Waiting for you to sign in in the browser. ' : 'The server needs a sign-in. '}
              <a href={status.authorizationUrl} target="_blank" rel="noopener noreferrer">
                Open the sign-in page
              </a>
            </p>
          )}
          <AuthSummary status={status} />
          {status?.hasClientSecret && serverId && (
            <p className="auth__secret">
              A client secret is stored for this server (not shown).{' '}
              <button type="button" className="link-button" onClick={() => void useAuthStore.getState().forgetSecret(serverId)}>
                Forget the client secret
              </button>
            </p>
          )}
          <h3 className="auth__heading">Steps</h3>
          {status?.tokens && status.steps.length === 0 ? (
            <p className="empty-state">
              Signed in earlier: the tokens were kept in Loupe’s secret store, so this run made no sign-in of its own to show. Use Sign in again to
              see each step with its HTTP request and response.
            </p>
          ) : !status || status.steps.length === 0 ? (
            <>
              <p className="empty-state">No sign-in yet. Connect, or use Sign in: each step (discovery, registration, authorization, token) shows here with its HTTP request and response.</p>
              {!isSignInDemoEntry(server) && <SignInDemoOffer />}
            </>
          ) : (
            <ol className="auth__steps" aria-label="Sign-in steps">
              {status.steps.map((step, index) => (
                <li key={`${step.time}-${index}`} className={`auth-step auth-step--${step.status}`}>
                  <details>
                    <summary className="auth-step__summary">
                      <span className="auth-step__title">{step.title}</span>
                      <span className={`auth-step__status auth-step__status--${step.status}`}>{STEP_STATUS_LABELS[step.status]}</span>
                      <span className="auth-step__time muted">{formatClockTime(step.time)}</span>
                      <span className="auth-step__text">{revealInvisible(step.summary)}</span>
                    </summary>
                    {step.http ? <HttpExchangeView exchange={step.http} /> : <p className="muted">No HTTP exchange of Loupe’s own.</p>}
                    {step.trafficSeq !== undefined && (
                      <p className="auth-step__seq">
                        <button type="button" className="link-button" onClick={() => authSlots.showTraffic.get()(step.trafficSeq!)}>
                          Show #{step.trafficSeq} in the traffic log
                        </button>
                      </p>
                    )}
                  </details>
                </li>
              ))}
            </ol>
          )}
          {serverId && <OAuthDebugger serverId={serverId} />}
        </div>
      )}
    </section>
  );
}

function AuthSummary({ status }: { status: AuthStatus | undefined }) {
  if (!status) return null;
  const { tokens, client } = status;
  return (
    <dl className="auth__facts" aria-label="Tokens and client">
      <div className="auth__fact">
        <dt>Access token</dt>
        <dd className="mono">{tokens ? `${tokens.accessTokenMasked} (${tokens.tokenType})` : 'none'}</dd>
      </div>
      {tokens && (
        <>
          <div className="auth__fact">
            <dt>Scopes</dt>
            <dd className="mono">{tokens.scope ?? '(not stated by the server)'}</dd>
          </div>
          <div className="auth__fact">
            <dt>Expires</dt>
            <dd>{expiry(tokens.expiresAt)}</dd>
          </div>
          <div className="auth__fact">
            <dt>Refresh token</dt>
            <dd>{tokens.hasRefreshToken ? 'yes (kept, not shown)' : 'no'}</dd>
          </div>
        </>
      )}
      <div className="auth__fact">
        <dt>Client</dt>
        <dd>
          {client ? (
            <>
              <span className="mono">{client.clientId}</span> · {SOURCE_LABELS[client.source]}
              {client.hasSecret ? ' · with a secret' : ''}
            </>
          ) : (
            'not registered yet'
          )}
        </dd>
      </div>
    </dl>
  );
}
