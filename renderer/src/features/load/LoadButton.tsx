import { useState } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { LoadDialog } from './LoadDialog';

/** Opens a load run on one of the server's tools (it needs the server connected). */
export function LoadButton({ server, connected }: { server: ServerConfig; connected: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={!connected}
        title={connected ? 'Call one tool over and over and see its latency and throughput' : 'Connect the server to run a load on one of its tools'}
        onClick={() => setOpen(true)}
      >
        Load run…
      </button>
      {open && <LoadDialog server={server} onClose={() => setOpen(false)} />}
    </>
  );
}
