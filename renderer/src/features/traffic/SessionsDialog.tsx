import { createElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { TrafficSessionSummary } from '../../../../shared/traffic';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { formatBytes } from '../../ui/format';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';
import { trafficSlots } from './slots';
import { sessionTitle } from './traffic-files';

const MB = 1024 * 1024;
export const DISK_BUDGET_CHOICES = [256 * MB, 512 * MB, 1024 * MB, 2048 * MB, 5120 * MB, 10240 * MB];

function timeOf(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/**
 * The sessions whose traffic is saved in the data folder: open one read-only, delete earlier ones,
 * and set how much disk they may take.
 */
export function SessionsDialog({ onOpen, onClose }: { onOpen: (session: TrafficSessionSummary) => void; onClose: () => void }) {
  const api = getApi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const budgetId = useId();
  const [sessions, setSessions] = useState<TrafficSessionSummary[] | null>(null);
  const [budget, setBudget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const load = useCallback(() => {
    api.invoke('traffic.sessions.list').then(setSessions, (failure: unknown) => setError(`Could not list the saved sessions: ${errorMessage(failure)}`));
  }, [api]);

  useEffect(() => {
    openModal(dialogRef.current);
    load();
    api.invoke('traffic.settings', {}).then(
      (settings) => setBudget(settings.diskBudgetBytes),
      (failure: unknown) => setError(`Could not read the disk budget: ${errorMessage(failure)}`),
    );
  }, [api, load]);

  const changeBudget = async (bytes: number) => {
    setError(null);
    try {
      setBudget((await api.invoke('traffic.settings', { diskBudgetBytes: bytes })).diskBudgetBytes);
      load();
    } catch (failure) {
      setError(`Could not change the disk budget: ${errorMessage(failure)}`);
    }
  };

  const remove = async (id: string) => {
    setError(null);
    setConfirming(null);
    try {
      await api.invoke('traffic.sessions.remove', { id });
    } catch (failure) {
      setError(`Could not delete the session: ${errorMessage(failure)}`);
    }
    load();
  };

  const choices = budget === null || DISK_BUDGET_CHOICES.includes(budget) ? DISK_BUDGET_CHOICES : [...DISK_BUDGET_CHOICES, budget].sort((a, b) => a - b);
  const used = sessions?.reduce((sum, session) => sum + session.bytes, 0) ?? 0;

  return (
    <dialog ref={dialogRef} className="dialog sessions-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
            Saved sessions
        </DialogHeader>
        <div className="dialog__body">
          <p className="muted">
            Each session&apos;s traffic is saved as it happens, so it survives a crash. Open one to read it, read-only, in place of the live log.
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="sessions-dialog__budget">
            <label className="field__label" htmlFor={budgetId}>
              Disk budget
            </label>
            <select
              id={budgetId}
              className="input input--small"
              value={budget ?? ''}
              disabled={budget === null}
              onChange={(event) => void changeBudget(Number(event.target.value))}
            >
              {budget === null && <option value="">…</option>}
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {formatBytes(choice)}
                </option>
              ))}
            </select>
            <span className="muted">
              {formatBytes(used)} used. The oldest sessions are deleted first when saved traffic would take more.
            </span>
          </div>
          {sessions === null && !error && <p className="muted">Loading…</p>}
          {sessions !== null && (
            <table className="sessions-dialog__table" aria-label="Saved sessions">
              <thead>
                <tr>
                  <th scope="col">Session</th>
                  <th scope="col">Last written</th>
                  <th scope="col">Size</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => {
                  const title = sessionTitle(session);
                  return (
                    <tr key={session.id}>
                      <th scope="row">
                        {title}
                        {session.partial && <span className="muted"> · oldest part deleted (disk budget)</span>}
                      </th>
                      <td>{timeOf(session.endedAt)}</td>
                      <td>{formatBytes(session.bytes)}</td>
                      <td>
                        <div className="sessions-dialog__actions">
                        {confirming === session.id ? (
                          <>
                            <span>Delete for good?</span>
                            <button type="button" className="button button--small button--danger" onClick={() => void remove(session.id)}>
                              Delete
                            </button>
                            <button type="button" className="button button--small" onClick={() => setConfirming(null)}>
                              Keep
                            </button>
                          </>
                        ) : (
                          <>
                            <button type="button" className="button button--small button--primary" aria-label={`Open ${title}`} onClick={() => onOpen(session)}>
                              Open
                            </button>
                            {createElement(trafficSlots.SavedSessionActions.get(), { session, title })}
                            {!session.current && (
                              <button type="button" className="button button--small" aria-label={`Delete ${title}`} onClick={() => setConfirming(session.id)}>
                                Delete…
                              </button>
                            )}
                          </>
                        )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </dialog>
  );
}
