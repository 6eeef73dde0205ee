import { DIAGRAM_PARTICIPANTS, type DiagramArrow, type DiagramParticipant, type SequenceDiagram as Diagram } from '../../../../../shared/oauth-debugger';

// Wide enough for most labels whole ("POST /mcp (MCP request without a token)"); the box scrolls sideways when narrow.
const COLUMN = 240;
const ROW = 24;
const TOP = 36;
/** About how wide a character of the diagram's 11px text is, to cut a label to the room it has. */
const CHAR_WIDTH = 6.2;

const columnOf = (participant: DiagramParticipant) => DIAGRAM_PARTICIPANTS.findIndex((candidate) => candidate.id === participant);
const centre = (column: number) => column * COLUMN + COLUMN / 2;
/** Labels hold the servers' words too: cut to the room they have (the whole label is their tooltip), never laid out as markup. */
function cut(label: string, room: number): string {
  const max = Math.max(8, Math.floor(room / CHAR_WIDTH));
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

function arrowText(arrow: DiagramArrow): string {
  const from = DIAGRAM_PARTICIPANTS[columnOf(arrow.from)]?.label ?? arrow.from;
  const to = DIAGRAM_PARTICIPANTS[columnOf(arrow.to)]?.label ?? arrow.to;
  const status = arrow.status === 'done' ? '' : ` (${arrow.status})`;
  return arrow.kind === 'note' ? `${from}: ${arrow.label}${status}` : `${from} → ${to}: ${arrow.label}${status}`;
}

/**
 * The run's sequence diagram: an SVG drawn with React elements (text nodes only, nothing parsed
 * as markup), and the same arrows as an ordered list for screen readers and copying.
 */
export function SequenceDiagram({ diagram }: { diagram: Diagram }) {
  const width = DIAGRAM_PARTICIPANTS.length * COLUMN;
  const height = TOP + Math.max(1, diagram.arrows.length) * ROW + 12;
  return (
    <figure className="sequence-diagram" aria-label="Sequence diagram">
      <div className="sequence-diagram__scroll">
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" className="sequence-diagram__svg">
          <defs>
            <marker id="sequence-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="sequence-diagram__head" />
            </marker>
          </defs>
          {DIAGRAM_PARTICIPANTS.map((participant, column) => (
            <g key={participant.id}>
              <text x={centre(column)} y={16} textAnchor="middle" className="sequence-diagram__participant">
                {participant.label}
              </text>
              <line x1={centre(column)} y1={24} x2={centre(column)} y2={height} className="sequence-diagram__lifeline" />
            </g>
          ))}
          {diagram.arrows.map((arrow, index) => {
            const y = TOP + index * ROW + ROW / 2;
            const from = centre(columnOf(arrow.from));
            const to = centre(columnOf(arrow.to));
            const className = `sequence-diagram__arrow sequence-diagram__arrow--${arrow.kind} sequence-diagram__arrow--${arrow.status}`;
            if (arrow.kind === 'note' || from === to) {
              return (
                <text key={index} x={from + 6} y={y + 4} className={className}>
                  <title>{arrow.label}</title>✎ {cut(arrow.label, COLUMN * 1.5)}
                </text>
              );
            }
            return (
              <g key={index} className={className}>
                <line x1={from} y1={y} x2={to} y2={y} markerEnd="url(#sequence-arrow)" />
                <text x={(from + to) / 2} y={y - 4} textAnchor="middle">
                  <title>{arrow.label}</title>
                  {cut(arrow.label, Math.abs(to - from) - 8)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ol className="visually-hidden" aria-label="Sequence diagram arrows">
        {diagram.arrows.map((arrow, index) => (
          <li key={index}>{arrowText(arrow)}</li>
        ))}
      </ol>
    </figure>
  );
}
