import type { RowKind } from './traffic-row-model';

/** One small glyph per row kind; decorative, since the kind is always written next to it. */
const PATHS: Record<RowKind, string> = {
  // Arrow to the right: a request we sent.
  request: 'M2.5 8h9M8.5 4.5L12 8l-3.5 3.5',
  // Arrow to the left: a request the server sent us.
  'server-request': 'M13.5 8h-9M7.5 4.5L4 8l3.5 3.5',
  // Return arrow: a response whose request is not kept.
  response: 'M12.5 4v3.5a1.5 1.5 0 0 1-1.5 1.5H4M6.5 6.5L4 9l2.5 2.5',
  // Crossed circle.
  error: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11M5.8 5.8l4.4 4.4M10.2 5.8l-4.4 4.4',
  // A bell-like dot with rays: one-way message.
  notification: 'M8 5.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M8 1.8v1.4M8 12.8v1.4M1.8 8h1.4M12.8 8h1.4',
  // Stacked sheets.
  batch: 'M3 5.5h8v7H3zM5 3.5h8v7',
  // Terminal prompt.
  stderr: 'M3 4.5l3 3.5-3 3.5M8 11.5h5',
  // Warning triangle.
  malformed: 'M8 2.5l6 10.5H2zM8 6.5v3M8 11.2v.3',
  // An "i" in a circle: something Loupe did.
  note: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11M8 7.2v3.8M8 5v.3',
  // A globe: an HTTP exchange.
  http: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11M2.5 8h11M8 2.5c-2 2.8-2 8.2 0 11M8 2.5c2 2.8 2 8.2 0 11',
};

export function KindIcon({ kind }: { kind: RowKind }) {
  return (
    <svg
      className={`kind-icon kind-icon--${kind}`}
      viewBox="0 0 16 16"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
