import { useState } from 'react';
import { getApi } from '../bridge/api';
import { errorMessage } from '../bridge/bridge-error';
import { useNow } from '../ui/use-now';
import { useLinkState } from '../bridge/use-link-state';

/**
 * Shown while Loupe's core (in its own process) is down or not answering. The window stays usable
 * for reading; restarting starts a new core, which keeps the servers and the approvals' history.
 */
export function CoreBanner() {
  const api = getApi();
  const link = useLinkState();
  const down = link.status === 'core-down' ? link.core : undefined;
  const now = useNow(down?.state === 'unresponsive', 1000);
  const [restarting, setRestarting] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  if (!down && !restarting) return null;
  if (!down) {
    return (
      <div className="banner banner--link" role="status">
        <span className="banner__level">Restarting</span>
        <p className="banner__message">Starting a new core…</p>
      </div>
    );
  }

  const restart = () => {
    setRestarting(true);
    setFailure(undefined);
    api
      .invoke('core.restart')
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => setRestarting(false));
  };

  return (
    <div className="banner banner--error banner--link" role="alert">
      <span className="banner__level">{down.state === 'stopped' ? 'Core stopped' : 'Not responding'}</span>
      <p className="banner__message">
        {down.state === 'stopped' ? (
          <>
            <strong>{down.reason}</strong> Your servers and the approvals&apos; history are kept. After a restart, connect your servers
            again; the new core starts a new traffic record.
          </>
        ) : (
          <>
            <strong>Loupe&apos;s core has not answered for {Math.max(1, Math.round((now - down.since) / 1000))} s.</strong> Something keeps it
            busy, perhaps a server&apos;s message. Restarting stops it and everything it was doing.
          </>
        )}
        {failure && <span className="banner__detail"> Restart failed: {failure}</span>}
      </p>
      <button type="button" className="button button--small" disabled={restarting} onClick={restart}>
        {restarting ? 'Restarting…' : 'Restart core'}
      </button>
    </div>
  );
}
