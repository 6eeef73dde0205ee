import { useCallback, useEffect, useState } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { serializeTrafficEntries } from '../../../../shared/traffic-jsonl';
import type { Bridge } from '../../bridge/types';
import type { RowAction } from './RowContextMenu';
import { paramsText, wholeText, type FetchWhole } from './row-actions';
import { trafficSlots } from './slots';
import { downloadLiveExport, downloadText, exportFileName } from './traffic-files';
import type { TrafficSession } from '../../state/traffic/traffic-session';
import { useTrafficPanelStore } from './traffic-panel-store';

/** How long a notice of what an action did stays (it was there for the whole session). */
export const ROW_NOTICE_MS = 8_000;

export interface RowMenuState {
  seq: number;
  x: number;
  y: number;
}

export interface ReplayEditorState {
  seq: number;
  method: string;
  params: string;
}

interface Deps {
  api: Bridge;
  session: TrafficSession;
  live: boolean;
  fetchWhole: FetchWhole;
  /** Runs an action, showing `what: reason` when it fails. */
  run: (what: string, action: () => Promise<void>) => Promise<void>;
}

/** What the row context menu does: copy, replay, edit and replay, filter, save, save as a collection's request. */
export function useRowActions({ api, session, live, fetchWhole, run }: Deps) {
  const [menu, setMenu] = useState<RowMenuState | null>(null);
  const [editor, setEditor] = useState<ReplayEditorState | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), ROW_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const log = session.log;
  const fetch = live ? fetchWhole : undefined;

  const openMenu = useCallback((seq: number, x: number, y: number) => setMenu({ seq, x, y }), []);
  const closeMenu = useCallback(() => {
    setMenu(null);
    // Back to the row the menu was for, as after any menu.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.traffic-row[aria-selected="true"]')?.focus());
  }, []);

  /** Shows the new request's row, or says why the server did not take it. */
  const showReplay = (seq: number, outcome: { requestSeq?: number; failure?: { message: string } }) => {
    if (outcome.requestSeq !== undefined) useTrafficPanelStore.getState().select(outcome.requestSeq, true);
    setNotice(outcome.failure ? `Replayed #${seq}: ${outcome.failure.message}` : `Replayed #${seq} as #${outcome.requestSeq ?? '?'}.`);
  };

  const perform = (seq: number, action: RowAction) => {
    const position = log.positionOfSeq(seq);
    if (position < 0) return;
    setNotice(null);
    switch (action.type) {
      case 'copy':
        void run('Could not copy', async () => {
          const partner = log.partner(position);
          const parts = action.what === 'response' ? [partner] : action.what === 'both' ? [position, partner] : [position];
          const texts = await Promise.all(parts.filter((part) => part >= 0).map((part) => wholeText(log, part, fetch)));
          await navigator.clipboard.writeText(texts.join('\n'));
          setNotice(`Copied ${action.what === 'both' ? 'the request and its response' : `the ${action.what}`} of #${seq}.`);
        });
        break;
      case 'replay':
        void run(`Could not replay #${seq}`, async () => showReplay(seq, await api.invoke('traffic.replay', { seq })));
        break;
      case 'edit-and-replay':
        void run(`Could not open #${seq} for editing`, async () => {
          setEditor({ seq, method: log.method(position) ?? '', params: await paramsText(log, position, fetch) });
        });
        break;
      case 'filter':
        useTrafficPanelStore.getState().setFilterText(action.text);
        break;
      case 'save':
        void run('Could not save the row', async () => {
          const partner = log.partner(position);
          const positions = partner >= 0 ? [position, partner].sort((a, b) => a - b) : [position];
          const fileName = exportFileName(new Date(), `-${seq}`);
          if (live) await downloadLiveExport(api, fileName, positions.map((at) => log.seq(at)));
          else downloadText(serializeTrafficEntries(positions.map((at) => log.entry(at))), fileName);
        });
        break;
      case 'save-request': {
        const target = log.subject(position);
        trafficSlots.saveAsRequest.get()({ kind: 'traffic', seq, method: log.method(position) ?? '', ...(target !== undefined ? { target } : {}) });
        break;
      }
    }
  };

  const sendEdited = async (seq: number, params: JsonObject) => {
    showReplay(seq, await api.invoke('traffic.replay', { seq, params }));
  };

  return { menu, openMenu, closeMenu, perform, editor, closeEditor: () => setEditor(null), sendEdited, notice };
}
