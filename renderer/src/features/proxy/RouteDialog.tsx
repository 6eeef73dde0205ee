import { useEffect, useId, useRef, useState } from 'react';
import type { RoutePlan, RouteRecord } from '../../../../shared/proxy';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { DialogHeader } from '../../ui/DialogHeader';
import { formatClockTime } from '../../ui/format';
import { openModal } from '../../ui/open-modal';
import { DiffText } from './DiffText';
import { routeTargets, sameTarget, type FoundTarget } from './route-targets';

type Status = { ok: boolean; text: string } | null;

/**
 * "Route through Loupe": the server entries of the clients' config files, the exact change that
 * puts `loupe proxy` in front of one (a diff), Apply, and Restore of the changes made.
 */
export function RouteDialog({ onClose }: { onClose: () => void }) {
  const api = getApi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [found, setFound] = useState<FoundTarget[] | null>(null);
  const [records, setRecords] = useState<RouteRecord[]>([]);
  const [chosen, setChosen] = useState<FoundTarget | null>(null);
  const [plan, setPlan] = useState<RoutePlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const reload = async () => {
    const [discovery, changes] = await Promise.all([api.invoke('config.discoverImports', {}), api.invoke('proxy.route.list')]);
    setFound(routeTargets(discovery));
    setRecords(changes);
  };

  useEffect(() => {
    openModal(dialogRef.current);
    Promise.all([api.invoke('config.discoverImports', {}), api.invoke('proxy.route.list')]).then(
      ([discovery, changes]) => {
        setFound(routeTargets(discovery));
        setRecords(changes);
      },
      (error: unknown) => setStatus({ ok: false, text: `Could not read the client configs: ${errorMessage(error)}` }),
    );
  }, [api]);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setStatus(null);
    try {
      await what();
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const preview = (item: FoundTarget) =>
    run(async () => {
      setChosen(item);
      setPlan(null);
      setPlan(await api.invoke('proxy.route.preview', item.target));
    });
  const apply = (item: FoundTarget, current: RoutePlan) =>
    run(async () => {
      await api.invoke('proxy.route.apply', { target: item.target, fileHash: current.fileHash });
      setPlan(null);
      setStatus({ ok: true, text: `${current.target.name} in ${current.target.path} now runs through Loupe. A backup was kept: Restore puts the file back.` });
      await reload();
    });
  const restore = (record: RouteRecord) =>
    run(async () => {
      await api.invoke('proxy.route.restore', { id: record.id });
      setStatus({ ok: true, text: `${record.target.path} has the bytes it had before again.` });
      await reload();
    });

  const routed = (item: FoundTarget) => records.find((record) => record.restoredAt === undefined && sameTarget(record.target, item.target));

  return (
    <dialog ref={dialogRef} className="dialog route-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Route through Loupe
        </DialogHeader>
        <div className="dialog__body route-dialog__body">
          <p className="muted">
            Rewrites a server entry in a client&apos;s own config file so the client runs it through <code>loupe proxy</code>; its sessions then show here
            live. You see the exact change first; the file&apos;s formatting and comments are kept, and Restore puts back the bytes it had.
          </p>
          {status && (
            <p className={status.ok ? 'route-dialog__ok' : 'field-error'} role={status.ok ? 'status' : 'alert'}>
              {status.text}
            </p>
          )}
          <section aria-labelledby={`${titleId}-found`}>
            <h3 id={`${titleId}-found`} className="intercept-section-title">
              Servers in client configs
            </h3>
            {found === null ? (
              <p className="muted">Looking for client configs…</p>
            ) : found.length === 0 ? (
              <p className="muted">No client config with servers was found (Claude Desktop, Claude Code, VS Code, Cursor, Windsurf, Gemini, Codex, Cline).</p>
            ) : (
              <ul className="route-list" aria-label="Servers in client configs">
                {found.map((item) => {
                  const record = routed(item);
                  return (
                    <li key={item.key} className={`route-item ${chosen?.key === item.key ? 'route-item--chosen' : ''}`}>
                      <span className="route-item__text">
                        <strong>{item.target.name}</strong> <span className="muted">{item.label}</span>
                        <span className="route-item__path">{item.target.path}</span>
                        {item.problem && <span className="muted">{item.problem}</span>}
                      </span>
                      {record ? (
                        <button type="button" className="button button--small" disabled={busy} aria-label={`Restore ${item.target.name} (${item.label})`} onClick={() => void restore(record)}>
                          Restore
                        </button>
                      ) : (
                        <button type="button" className="button button--small" disabled={busy} aria-label={`Preview routing ${item.target.name} (${item.label})`} onClick={() => void preview(item)}>
                          Preview
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          {plan && chosen && (
            <section className="route-plan" aria-label={`The change to ${plan.target.path}`}>
              <DiffText diff={plan.diff} label={`Diff of ${plan.target.path}`} />
              {plan.note && <p className="muted">{plan.note}</p>}
              {plan.httpProxyCommand && <code className="route-plan__command">{plan.httpProxyCommand.join(' ')}</code>}
              <div className="route-plan__actions">
                <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => void apply(chosen, plan)}>
                  Apply the change
                </button>
                <button type="button" className="button button--small" disabled={busy} onClick={() => setPlan(null)}>
                  Cancel
                </button>
              </div>
            </section>
          )}
          {records.length > 0 && (
            <section aria-labelledby={`${titleId}-made`}>
              <h3 id={`${titleId}-made`} className="intercept-section-title">
                Changes made
              </h3>
              <ul className="route-list" aria-label="Changes made">
                {records.map((record) => (
                  <li key={record.id} className="route-item">
                    <span className="route-item__text">
                      <strong>{record.target.name}</strong>
                      <span className="route-item__path">{record.target.path}</span>
                      <span className="muted">
                        Applied {formatClockTime(record.appliedAt)}
                        {record.restoredAt !== undefined && ` · restored ${formatClockTime(record.restoredAt)}`}
                      </span>
                    </span>
                    {record.restoredAt === undefined && (
                      <button type="button" className="button button--small" disabled={busy} aria-label={`Restore ${record.target.path}`} onClick={() => void restore(record)}>
                        Restore
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <footer className="dialog__footer">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            Close
          </button>
        </footer>
      </div>
    </dialog>
  );
}
