import { useState } from 'react';
import { isSignInDemoEntry } from '../../../../shared/sign-in-demo';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useServersStore } from '../../state/servers';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/**
 * Offers the offline sign-in demo (an MCP server with its own authorization server on 127.0.0.1):
 * adds it to the server list, or goes to it when it is there, and selects it.
 */
export function SignInDemoOffer() {
  const present = useServersStore((state) => state.servers.some(isSignInDemoEntry));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const server = await getApi().invoke('servers.addSignInDemo');
      useServersStore.getState().select(server.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="auth__demo" aria-label="Sign-in demo">
      <p className="auth__demo-text">
        No authorization server to try sign-in on? The sign-in demo is an MCP server that needs sign-in, with its own authorization server on
        127.0.0.1. It works offline, and the OAuth debugger can step through its whole flow.
      </p>
      <button type="button" className="button button--small" disabled={busy} onClick={() => void add()}>
        {busy ? 'Starting the sign-in demo…' : present ? 'Go to the sign-in demo' : 'Add the sign-in demo'}
      </button>
      {error && (
        <p className="empty-state empty-state--error" role="alert">
          {revealInvisible(error)}
        </p>
      )}
    </aside>
  );
}
