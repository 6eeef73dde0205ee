import { useState } from 'react';
import { CHANGE_CLASSES, type ChangeClass, type SurfaceChange, type SurfaceDiff } from '../../../../shared/collections';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { plural } from '../../ui/format';

const CLASS_TITLE: Record<ChangeClass, string> = { breaking: 'Breaking', additive: 'Additive', cosmetic: 'Cosmetic' };
/** Changes shown at first in each class; more come a page at a time, so a 1,000-tool diff stays light. */
const PAGE = 100;

/** A capability diff: its counts, then each change under Breaking, Additive and Cosmetic, with its sentence and what it concerns. */
export function SurfaceChanges({ diff, label }: { diff: SurfaceDiff; label: string }) {
  const total = diff.changes.length;
  return (
    <section className="surface-changes" aria-label={`Capability diff: ${label}`}>
      <p className="surface-changes__summary" role="status">
        {total === 0
          ? `No changes: ${label}.`
          : `${plural(total, 'change')}: ${CHANGE_CLASSES.map((kind) => `${diff.counts[kind]} ${kind}`).join(', ')} (${label}).`}
      </p>
      {CHANGE_CLASSES.map((kind) => {
        const changes = diff.changes.filter((change) => change.class === kind);
        return changes.length > 0 ? <ChangeGroup key={kind} kind={kind} changes={changes} /> : null;
      })}
    </section>
  );
}

function ChangeGroup({ kind, changes }: { kind: ChangeClass; changes: SurfaceChange[] }) {
  const [shown, setShown] = useState(PAGE);
  const title = CLASS_TITLE[kind];
  return (
    <section className={`surface-changes__group surface-changes__group--${kind}`} aria-label={`${title} changes`}>
      <h4 className="surface-changes__title">
        {title} ({changes.length})
      </h4>
      <ul className="surface-changes__list" aria-label={`${title} changes`}>
        {changes.slice(0, shown).map((change, index) => (
          <li key={index} className="surface-change">
            <span className="surface-change__message">{revealInvisible(change.message)}</span>
            <code className="surface-change__where">
              {revealInvisible(change.subject)}
              {change.path ? ` ${revealInvisible(change.path)}` : ''}
            </code>
          </li>
        ))}
      </ul>
      {changes.length > shown && (
        <button type="button" className="link-button" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, changes.length - shown)} more {kind} changes
        </button>
      )}
    </section>
  );
}
