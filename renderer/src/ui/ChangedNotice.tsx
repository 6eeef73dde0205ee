import { useEffect, useState } from 'react';
import './changed-notice.css';

const SHOW_FOR_MS = 5_000;

/** Shows briefly that the server announced a change to a list (`list_changed`). */
export function ChangedNotice({ changedAt, what }: { changedAt: number | undefined; what: string }) {
  // A change from long before this notice appeared (e.g. another server's panel) is old news.
  const [shownSince] = useState(() => Date.now() - SHOW_FOR_MS);
  const [expired, setExpired] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (changedAt === undefined) return;
    const timer = setTimeout(() => setExpired(changedAt), SHOW_FOR_MS);
    return () => clearTimeout(timer);
  }, [changedAt]);
  const visible = changedAt !== undefined && changedAt >= shownSince && expired !== changedAt;
  return (
    <span role="status" className="changed-notice">
      {visible ? `The server changed its ${what}: refreshed` : ''}
    </span>
  );
}
