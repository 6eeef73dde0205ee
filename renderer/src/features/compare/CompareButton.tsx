import { useState } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { CompareDialog } from './CompareDialog';

/** Opens Compare for the server: it connects apart from the server's own connection, so it works connected or not. */
export function CompareButton({ server }: { server: ServerConfig }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--small" title="Connect as two clients and see what the server offered each" onClick={() => setOpen(true)}>
        Compare clients…
      </button>
      {open && <CompareDialog server={server} onClose={() => setOpen(false)} />}
    </>
  );
}
