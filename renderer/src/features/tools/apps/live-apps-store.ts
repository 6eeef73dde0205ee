import { create } from 'zustand';

/** Most tool details kept mounted (hidden) for their open apps; past it the oldest app closes. */
export const MAX_KEPT_APPS = 4;

/** A tool detail whose MCP App is open: its server and its entry in that server's list. */
export interface LiveApp {
  serverId: string;
  listKey: string;
}

interface LiveAppsState {
  /** In the order the apps opened: the order never changes, so kept frames are never moved (a moved iframe reloads). */
  apps: LiveApp[];
  setLive: (app: LiveApp, live: boolean) => void;
}

const same = (a: LiveApp, b: LiveApp) => a.serverId === b.serverId && a.listKey === b.listKey;

/**
 * The tool details with an open MCP App. The Tools pane keeps them mounted while another server
 * or tool is shown, so switching away and back finds the app as it was instead of reloading it.
 */
export const useLiveAppsStore = create<LiveAppsState>((set) => ({
  apps: [],
  setLive: (app, live) =>
    set((state) => {
      const known = state.apps.some((candidate) => same(candidate, app));
      if (live === known) return state;
      if (!live) return { apps: state.apps.filter((candidate) => !same(candidate, app)) };
      const apps = [...state.apps, app];
      return { apps: apps.length > MAX_KEPT_APPS ? apps.slice(apps.length - MAX_KEPT_APPS) : apps };
    }),
}));

/** The details to render: every live app's, and the shown one's, each once and in a stable order. */
export function detailsToRender(apps: readonly LiveApp[], shown: LiveApp | undefined): LiveApp[] {
  if (!shown || apps.some((app) => same(app, shown))) return [...apps];
  return [...apps, shown];
}
