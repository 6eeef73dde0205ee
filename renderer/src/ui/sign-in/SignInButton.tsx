import type { ConnectionState } from '../../../../shared/connection';
import { findServer, useServersStore } from '../../state/servers';
import { useSignIn } from './use-sign-in';
import './sign-in.css';

/** Failures a sign-in can fix: the server asked for OAuth, a sign-in failed, or a bare 401/403. */
const SIGN_IN_FAILURES = new Set(['auth-required', 'auth-failed', 'http-unauthorized']);

/** "Sign in" next to a connection failure that OAuth can fix (HTTP servers only). */
export function SignInButton({ connection }: { connection: ConnectionState | undefined }) {
  const server = useServersStore((state) => findServer(state.servers, connection?.serverId ?? null));
  const { signIn, busy } = useSignIn(server);
  if (!connection?.failure || !SIGN_IN_FAILURES.has(connection.failure.code) || !server || server.transport.type === 'stdio') return null;
  return (
    <button type="button" className="button button--primary button--small sign-in-button" disabled={busy} onClick={signIn}>
      {busy ? 'Signing in…' : 'Sign in'}
    </button>
  );
}
