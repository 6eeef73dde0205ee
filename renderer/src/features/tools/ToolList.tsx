import { useCallback } from 'react';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { appBadges } from './apps/app-facts';
import { toolTitle, type ToolEntry } from './tool-facts';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import type { ToolLintFinding } from '../../../../shared/tool-lint';
import { LintBadge } from './ToolLint';

interface Props {
  entries: readonly ToolEntry[];
  selectedKey: string | undefined;
  onSelect: (key: string) => void;
  /** Each tool's lint findings (tools.lint). */
  lint: ReadonlyMap<string, readonly ToolLintFinding[]>;
}

const getKey = (entry: ToolEntry) => entry.key;

/**
 * The tools as a virtualized listbox (1,000 tools scroll and filter smoothly). An option's
 * accessible name is the tool's name; its title and description are shown, and read in the
 * detail pane, which follows the selection.
 */
export function ToolList({ entries, selectedKey, onSelect, lint }: Props) {
  const select = useCallback((entry: ToolEntry) => onSelect(entry.key), [onSelect]);
  return (
    <VirtualListbox
      items={entries}
      label="Tool list"
      getKey={getKey}
      selectedKey={selectedKey}
      onSelect={select}
      estimateSize={46}
      className="tool-list"
      renderItem={(entry, selected) => <ToolOption entry={entry} selected={selected} findings={lint.get(entry.tool.name)} />}
    />
  );
}

function ToolOption({ entry, selected, findings }: { entry: ToolEntry; selected: boolean; findings: readonly ToolLintFinding[] | undefined }) {
  const { tool, sameName } = entry;
  const title = toolTitle(tool);
  return (
    <div className={`tool-option ${selected ? 'tool-option--selected' : ''}`}>
      <span className="tool-option__line">
        <ItemIcon icons={tool.icons} />
        <span className="tool-option__name">{revealInvisible(tool.name)}</span>
        {title && (
          <span className="tool-option__title" aria-hidden="true">
            {revealInvisible(title)}
          </span>
        )}
        {appBadges(tool).map((badge) => (
          // The option's name stays the tool's name; the detail's header reads the badges out.
          <span key={badge.id} className={`hint-badge hint-badge--${badge.id}`} title={badge.explanation} aria-hidden="true">
            {badge.label}
          </span>
        ))}
        {findings && <LintBadge findings={findings} />}
        {sameName > 1 && (
          <span className="tool-option__duplicate" title={`${sameName} tools are named “${tool.name}”: names must be unique.`}>
            duplicate
          </span>
        )}
      </span>
      {tool.description && (
        <span className="tool-option__description" aria-hidden="true">
          {tool.description}
        </span>
      )}
    </div>
  );
}
