import { memo } from 'react';
import type { TrafficEntry } from '../../../../shared/traffic';
import { formatBytes, formatClockTime } from '../../ui/format';
import { NAV_ITEM_ATTRIBUTE } from '../../ui/use-list-navigation';
import { DIRECTION_ARROWS, DIRECTION_WORDS, KIND_LABELS, entrySummary, isTextEntry } from './traffic-format';

interface Props {
  entry: TrafficEntry;
  serverName: string;
  selected: boolean;
  focusable: boolean;
  onSelect(seq: number): void;
}

export const TrafficRow = memo(function TrafficRow({ entry, serverName, selected, focusable, onSelect }: Props) {
  const summary = entrySummary(entry);
  return (
    <div
      role="row"
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      {...{ [NAV_ITEM_ATTRIBUTE]: '' }}
      className={`traffic-row traffic-row--${entry.kind} traffic-row--${entry.direction} ${selected ? 'traffic-row--selected' : ''}`}
      onClick={() => onSelect(entry.seq)}
    >
      <span role="gridcell" className="traffic-cell traffic-cell--seq">
        {entry.seq}
      </span>
      <span role="gridcell" className={`traffic-cell traffic-cell--dir traffic-dir--${entry.direction}`} title={DIRECTION_WORDS[entry.direction]}>
        <span aria-hidden="true">{DIRECTION_ARROWS[entry.direction]}</span>
        <span className="visually-hidden">{DIRECTION_WORDS[entry.direction]}</span>
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--server" title={serverName}>
        {serverName}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--kind">
        {KIND_LABELS[entry.kind]}
        {entry.errorCode !== undefined && <span className="traffic-cell__code"> {entry.errorCode}</span>}
      </span>
      <span
        role="gridcell"
        className={`traffic-cell traffic-cell--method ${isTextEntry(entry) ? 'traffic-cell--text' : ''}`}
        title={summary}
      >
        {summary}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--id">
        {entry.id ?? ''}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--size">
        {formatBytes(entry.size)}
      </span>
      <span role="gridcell" className="traffic-cell traffic-cell--time">
        {formatClockTime(entry.time)}
      </span>
    </div>
  );
});
