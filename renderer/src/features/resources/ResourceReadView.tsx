import { useMemo } from 'react';
import { formatDuration } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { FailureView, OutcomeSummary, RawReply, ViolationsNote } from '../../ui/OutcomeParts';
import { classifyResourceContent, resourceContentsOf } from './resource-content';
import { ResourceContentView } from './ResourceContentView';
import { heldTextAt } from '../../ui/content/whole-result';
import type { ResourceRead } from './resources-store';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** The result of `resources/read`: each content item by its mimeType, or why there is none. */
export function ResourceReadView({ read }: { read: ResourceRead }) {
  const reading = read.status === 'reading';
  const now = useNow(reading, 250);
  const outcome = read.outcome;
  const contents = useMemo(() => (outcome?.result === undefined ? undefined : resourceContentsOf(outcome.result)), [outcome]);
  const views = useMemo(() => (contents && 'items' in contents ? contents.items.map(classifyResourceContent) : []), [contents]);
  const troubled = Boolean(outcome && (outcome.violations.length > 0 || (contents && 'problem' in contents)));

  return (
    <section className="resource-read" aria-label="Contents" aria-busy={reading}>
      <header className="result-header">
        <h4 className="section-title">Contents</h4>
        {reading ? (
          <span className="muted">Reading… {formatDuration(now - read.startedAt)}</span>
        ) : (
          outcome && !outcome.failure && <span className="verdict verdict--success">Read</span>
        )}
        {outcome && !reading && <OutcomeSummary outcome={outcome} />}
      </header>
      {read.error && (
        <p className="outcome-failure" role="alert">
          Could not read {revealInvisible(read.uri)}: {revealInvisible(read.error)}
        </p>
      )}
      {outcome?.failure && <FailureView failure={outcome.failure} />}
      {outcome && <ViolationsNote violations={outcome.violations} subject="The resources/read reply" />}
      {contents && 'problem' in contents && (
        <p className="content-note content-note--error" role="alert">
          {contents.problem}
        </p>
      )}
      {contents && 'items' in contents && views.length === 0 && <p className="content-note">The resource has no contents.</p>}
      <div className={`resource-read__items ${reading ? 'result--stale' : ''}`}>
        {views.map((view, index) => (
          <ResourceContentView key={index} content={view} held={outcome && heldTextAt(outcome, ['contents', index, 'text'])} />
        ))}
      </div>
      {outcome?.result !== undefined && <RawReply outcome={outcome} open={troubled} />}
    </section>
  );
}
