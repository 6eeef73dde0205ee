import { useState } from 'react';
import { useApi } from '../../bridge/api-context';
import { errorMessage } from '../../bridge/bridge-error';
import { ClearIcon } from '../../ui/icons';
import { useLayoutStore } from '../../ui/layout-store';
import { Splitter } from '../../ui/Splitter';
import { TrafficDetail } from './TrafficDetail';
import { TrafficTable } from './TrafficTable';
import { useTrafficStore } from './traffic-store';
import './traffic.css';

export function TrafficPanel() {
  const api = useApi();
  const count = useTrafficStore((state) => state.buffer.length);
  const dropped = useTrafficStore((state) => state.droppedByCore + state.buffer.evicted);
  const detailWidth = useLayoutStore((state) => state.trafficDetailWidth);
  const setDetailWidth = useLayoutStore((state) => state.setTrafficDetailWidth);
  const [clearError, setClearError] = useState<string | null>(null);

  const clear = async () => {
    setClearError(null);
    try {
      await api.invoke('traffic.clear');
    } catch (error) {
      setClearError(errorMessage(error));
    }
  };

  return (
    <section className="traffic panel" aria-label="Traffic">
      <header className="panel-header">
        <h2 className="panel-header__title">Traffic</h2>
        <span className="panel-header__count">
          {count.toLocaleString()} {count === 1 ? 'entry' : 'entries'}
          {dropped > 0 && ` · ${dropped.toLocaleString()} older dropped`}
        </span>
        {clearError && (
          <span className="field-error" role="alert">
            {clearError}
          </span>
        )}
        <span className="panel-header__spacer" />
        <button type="button" className="icon-button" aria-label="Clear traffic" title="Clear traffic" onClick={() => void clear()}>
          <ClearIcon />
        </button>
      </header>
      <div className="traffic__body">
        <TrafficTable />
        <Splitter
          orientation="vertical"
          label="Resize message detail"
          value={detailWidth}
          min={240}
          max={Math.max(320, Math.round(window.innerWidth * 0.7))}
          onChange={setDetailWidth}
        />
        <div className="traffic__detail" style={{ width: detailWidth }}>
          <TrafficDetail />
        </div>
      </div>
    </section>
  );
}
