import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DoctorCheck, DoctorCheckStatus, DoctorReport } from '../../../../shared/doctor';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import type { ServerConfig } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { CopyButton } from '../../ui/CopyButton';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';
import './doctor.css';

const MARKS: Record<DoctorCheckStatus, { mark: string; word: string }> = {
  pass: { mark: '✓', word: 'Passed' },
  fail: { mark: '✗', word: 'Failed' },
  warn: { mark: '!', word: 'Warning' },
  skipped: { mark: '–', word: 'Skipped' },
};

/** The connection doctor on one server: it runs the checks when it opens, and lists each with what it saw and the fix. */
export function DoctorDialog({ server, onClose }: { server: ServerConfig; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<DoctorReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const diagnose = useCallback(async () => {
    setRunning(true);
    setError(null);
    setReport(null);
    try {
      setReport(await getApi().invoke('doctor.run', { serverId: server.id }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setRunning(false);
    }
  }, [server.id]);

  // The checks run once when the dialog opens (StrictMode's second effect run included); Run again runs them again.
  const started = useRef(false);
  useEffect(() => {
    openModal(dialogRef.current);
    if (started.current) return;
    started.current = true;
    void diagnose();
  }, [diagnose]);

  return (
    <dialog ref={dialogRef} className="dialog doctor-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Diagnose “{revealInvisible(server.name)}”
        </DialogHeader>
        <div className="dialog__body">
          <div className="doctor-dialog__bar">
            <p className="doctor-dialog__status" role="status">
              {running ? 'Running the checks…' : report ? summary(report) : ''}
            </p>
            <button type="button" className="button button--small" disabled={running} onClick={() => void diagnose()}>
              Run again
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {report && (
            <ol className="doctor-checks" aria-label="Checks">
              {report.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ol>
          )}
          {report && <p className="field__hint">The doctor's own exchanges are in the traffic log, after the note “Diagnose: …”.</p>}
        </div>
      </div>
    </dialog>
  );
}

function summary(report: DoctorReport): string {
  const failed = report.checks.filter((check) => check.status === 'fail').length;
  const seconds = (report.tookMs / 1000).toFixed(1);
  return failed === 0 ? `Every check passed (${seconds} s).` : `${failed === 1 ? 'One check' : `${failed} checks`} failed (${seconds} s).`;
}

function CheckRow({ check }: { check: DoctorCheck }) {
  const titleId = useId();
  const { mark, word } = MARKS[check.status];
  return (
    <li className={`doctor-check doctor-check--${check.status}`} aria-labelledby={titleId}>
      <span className="doctor-check__mark" aria-hidden="true">
        {mark}
      </span>
      <div className="doctor-check__body">
        <p className="doctor-check__title" id={titleId}>
          <span className="visually-hidden">{word}: </span>
          {check.title}
          {check.tookMs !== undefined && check.status !== 'skipped' && <span className="doctor-check__time"> {check.tookMs} ms</span>}
        </p>
        <p className="doctor-check__saw">{revealInvisible(check.saw)}</p>
        {check.lines && check.lines.length > 0 && (
          <pre className="doctor-check__lines" tabIndex={0} aria-label={`What “${check.title}” quotes`}>
            {check.lines.map((line) => revealInvisible(line)).join('\n')}
          </pre>
        )}
        {check.fix && (
          <p className="doctor-check__fix">
            <strong>Fix: </strong>
            {revealInvisible(check.fix)}
          </p>
        )}
        {check.command && (
          <div className="doctor-check__command">
            <code>{revealInvisible(check.command)}</code>
            <CopyButton text={check.command} label={`Copy the command for “${check.title}”`} />
          </div>
        )}
      </div>
    </li>
  );
}
