import { useRef, useState, type KeyboardEvent } from 'react';
import { AuthPanel } from '../features/auth';
import { CollectionsPanel } from '../features/collections';
import { ChatPanel } from '../features/chat';
import { ConsolePanel } from '../features/console';
import { LogsPanel } from '../features/logs';
import { PromptsPanel } from '../features/prompts';
import { ResourcesPanel } from '../features/resources';
import { TasksPanel } from '../features/tasks';
import { ToolsPanel } from '../features/tools';
import { useWorkspaceStore, WORKSPACE_TABS, type WorkspaceTab } from './workspace-store';

const PANELS: Record<WorkspaceTab, () => React.JSX.Element> = {
  Tools: ToolsPanel,
  Resources: ResourcesPanel,
  Prompts: PromptsPanel,
  Tasks: TasksPanel,
  Logs: LogsPanel,
  Console: ConsolePanel,
  Auth: AuthPanel,
  Collections: CollectionsPanel,
  Chat: ChatPanel,
};

/** The selected server's workspace: one tab per MCP feature. Arrow keys move between tabs. */
export function WorkspaceTabs() {
  const tab = useWorkspaceStore((state) => state.tab);
  const setTab = useWorkspaceStore((state) => state.setTab);
  const tabRefs = useRef(new Map<WorkspaceTab, HTMLButtonElement>());
  const [visited] = useState(() => new Set<WorkspaceTab>());
  visited.add(tab);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = WORKSPACE_TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % WORKSPACE_TABS.length,
      ArrowLeft: (index - 1 + WORKSPACE_TABS.length) % WORKSPACE_TABS.length,
      Home: 0,
      End: WORKSPACE_TABS.length - 1,
    };
    const next = WORKSPACE_TABS[moves[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="workspace">
      <div className="workspace__tabs" role="tablist" aria-label="Server features" onKeyDown={onKeyDown}>
        {WORKSPACE_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element);
            }}
            type="button"
            role="tab"
            id={`workspace-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`workspace-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`workspace__tab ${tab === name ? 'workspace__tab--selected' : ''}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {WORKSPACE_TABS.filter((name) => visited.has(name)).map((name) => {
        const Panel = PANELS[name];
        // Visited panels stay mounted (hidden) so their state survives a tab switch.
        return (
          <div
            key={name}
            role="tabpanel"
            id={`workspace-panel-${name}`}
            aria-labelledby={`workspace-tab-${name}`}
            hidden={tab !== name}
            className="workspace__panel"
          >
            <Panel />
          </div>
        );
      })}
    </div>
  );
}
