/** One point per progress report: the latencies of the calls answered in the second before it. */
export interface LatencyPoint {
  elapsedS: number;
  p50: number;
  p95: number;
  throughputPerS: number;
}

const WIDTH = 640;
const HEIGHT = 130;
const PAD = { left: 46, right: 12, top: 10, bottom: 24 };

/** A ceiling for the y axis: 1, 2 or 5 times a power of ten. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

function range(values: number[]): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `${low} ms` : `${low} to ${high} ms`;
}

/** The chart's text alternative: what the lines show, in one sentence. */
export function chartSummary(points: LatencyPoint[]): string {
  if (points.length === 0) return 'No call has been answered yet.';
  const last = points[points.length - 1]!;
  return `Latency over ${last.elapsedS.toFixed(1)} s, of the calls answered in each last second: p50 ${range(points.map((p) => p.p50))}, p95 ${range(points.map((p) => p.p95))}.`;
}

/** p50 and p95 latency over the run, drawn as two lines (a small SVG; the summary is its text alternative). */
export function LatencyChart({ points, durationS }: { points: LatencyPoint[]; durationS: number }) {
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const maxT = Math.max(durationS, points.at(-1)?.elapsedS ?? 0);
  const maxMs = niceCeiling(Math.max(0, ...points.map((point) => point.p95)));
  const x = (seconds: number) => PAD.left + (seconds / maxT) * plotW;
  const y = (ms: number) => PAD.top + plotH - (ms / maxMs) * plotH;
  const line = (pick: (point: LatencyPoint) => number) => points.map((point) => `${x(point.elapsedS).toFixed(1)},${y(pick(point)).toFixed(1)}`).join(' ');
  const summary = chartSummary(points);
  const ticks = [0, maxMs / 2, maxMs];
  return (
    <figure className="load-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="load-chart__svg">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="load-chart__grid" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="load-chart__label">
              {tick} ms
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} className="load-chart__label">
          0 s
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="load-chart__label">
          {maxT.toFixed(0)} s
        </text>
        {points.length > 0 && (
          <>
            <polyline points={line((point) => point.p95)} className="load-chart__line load-chart__line--p95" />
            <polyline points={line((point) => point.p50)} className="load-chart__line load-chart__line--p50" />
            {/* The newest point, so a run's first report shows before there is a line. */}
            <circle cx={x(points.at(-1)!.elapsedS)} cy={y(points.at(-1)!.p95)} r={3} className="load-chart__dot load-chart__dot--p95" />
            <circle cx={x(points.at(-1)!.elapsedS)} cy={y(points.at(-1)!.p50)} r={3} className="load-chart__dot load-chart__dot--p50" />
          </>
        )}
      </svg>
      <figcaption className="load-chart__caption">
        <span className="load-chart__key load-chart__key--p50">p50</span> <span className="load-chart__key load-chart__key--p95">p95</span> {summary}
      </figcaption>
    </figure>
  );
}
