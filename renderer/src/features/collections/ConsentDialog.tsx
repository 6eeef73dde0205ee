import { useEffect, useId, useRef, useState } from 'react';
import type { CollectionConsent } from '../../../../shared/collections';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';

/**
 * Asks before a collection's first run (and after a change to what it starts or reads): the
 * commands it would start and each variable and secret it would send, with where to. Nothing runs
 * until the person allows it. A stranger's text is shown as text, its hidden characters revealed.
 */
export function ConsentDialog({ ask, onAllow, onDecline }: { ask: CollectionConsent; onAllow: (remember: boolean) => void; onDecline: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [remember, setRemember] = useState(true);
  // Closing by Esc or the title bar's Close is a no; Allow closes it without one.
  const allowed = useRef(false);

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog consent-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (allowed.current) onAllow(remember);
        else onDecline();
      }}
    >
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Allow “{revealInvisible(ask.collection)}” to run?
        </DialogHeader>
        <div className="dialog__body">
          <p className="field__hint">
            A collection’s files can come from anyone’s repository. Before the first run, and after any change to what it starts or reads, Loupe asks. The collection is in{' '}
            <code className="consent-dialog__text">{revealInvisible(ask.dir)}</code>.
          </p>
          {ask.commands.length > 0 && (
            <section aria-label="Commands it starts">
              <h3 className="consent-dialog__heading">It starts {ask.commands.length === 1 ? 'this command' : 'these commands'} on this computer</h3>
              <ul className="consent-dialog__list">
                {ask.commands.map((command) => (
                  <li key={command.server}>
                    <span className="consent-dialog__server">{revealInvisible(command.server)}</span> <code className="consent-dialog__text">{revealInvisible(command.command)}</code>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {ask.reads.length > 0 && (
            <section aria-label="What it reads and where it sends it">
              <h3 className="consent-dialog__heading">It reads your {describeKinds(ask.reads)} and sends {ask.reads.length === 1 ? 'it' : 'them'}</h3>
              <table className="consent-dialog__table">
                <thead>
                  <tr>
                    <th scope="col">What</th>
                    <th scope="col">Sent to</th>
                  </tr>
                </thead>
                <tbody>
                  {ask.reads.map((read) => (
                    <tr key={`${read.kind}:${read.name}`}>
                      <td>
                        {read.kind === 'env' ? 'Environment variable' : 'Secret'} <code className="consent-dialog__text">{revealInvisible(read.name)}</code>
                      </td>
                      <td>
                        {read.sentTo.map((to) => (
                          <code key={to} className="consent-dialog__text consent-dialog__target">
                            {revealInvisible(to)}
                          </code>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <label className="consent-dialog__remember">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember for this folder until the collection changes
          </label>
        </div>
        <footer className="dialog__footer">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            Don’t run
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              allowed.current = true;
              dialogRef.current?.close();
            }}
          >
            Allow and run
          </button>
        </footer>
      </div>
    </dialog>
  );
}

function describeKinds(reads: CollectionConsent['reads']): string {
  const env = reads.some((read) => read.kind === 'env');
  const secret = reads.some((read) => read.kind === 'secret');
  if (env && secret) return 'environment variables and secrets';
  return env ? (reads.length === 1 ? 'environment variable' : 'environment variables') : reads.length === 1 ? 'secret' : 'secrets';
}
