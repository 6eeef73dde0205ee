import { useState } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { DoctorDialog } from './DoctorDialog';

/**
 * Opens the connection doctor for the server. `failed` is the one offered next to a failure
 * sentence: its accessible name says what it diagnoses.
 */
export function DiagnoseButton({ server, failed = false }: { server: ServerConfig; failed?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        title="Check the server step by step: the command or URL, the start, the handshake, with the fix for what fails"
        aria-label={failed ? `Diagnose why “${server.name}” did not connect` : undefined}
        onClick={() => setOpen(true)}
      >
        Diagnose…
      </button>
      {open && <DoctorDialog server={server} onClose={() => setOpen(false)} />}
    </>
  );
}
