import { memo, useCallback, useId, useRef } from 'react';
import type { ToolInfo } from '../../../../shared/mcp';
import { NAV_ITEM_ATTRIBUTE, useListNavigation } from '../../ui/use-list-navigation';

interface Props {
  tools: ToolInfo[];
  selectedName: string | undefined;
  onSelect(name: string): void;
}

/** The tools as a listbox: click or arrow keys select, and selection shows the tool's detail. */
export function ToolList({ tools, selectedName, onSelect }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const selectedIndex = tools.findIndex((tool) => tool.name === selectedName);
  const onMove = useCallback((index: number) => {
    const tool = tools[index];
    if (tool) onSelect(tool.name);
  }, [tools, onSelect]);
  const onKeyDown = useListNavigation(listRef, tools.length, selectedIndex, onMove);
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  return (
    <ul ref={listRef} className="tool-list" role="listbox" aria-label="Tool list" onKeyDown={onKeyDown}>
      {tools.map((tool, index) => (
        <ToolOption
          key={tool.name}
          tool={tool}
          id={`${baseId}-${index}`}
          selected={index === selectedIndex}
          focusable={index === focusIndex}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}

const ToolOption = memo(function ToolOption({
  tool,
  id,
  selected,
  focusable,
  onSelect,
}: {
  tool: ToolInfo;
  id: string;
  selected: boolean;
  focusable: boolean;
  onSelect(name: string): void;
}) {
  const title = tool.title ?? tool.annotations?.title;
  return (
    <li
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-name`}
      aria-describedby={tool.description ? `${id}-description` : undefined}
      tabIndex={focusable ? 0 : -1}
      {...{ [NAV_ITEM_ATTRIBUTE]: '' }}
      className={`tool-option ${selected ? 'tool-option--selected' : ''}`}
      onClick={() => onSelect(tool.name)}
    >
      <span className="tool-option__line">
        <span id={`${id}-name`} className="tool-option__name">
          {tool.name}
        </span>
        {title && title !== tool.name && <span className="tool-option__title">{title}</span>}
      </span>
      {tool.description && (
        <span id={`${id}-description`} className="tool-option__description" title={tool.description}>
          {tool.description}
        </span>
      )}
    </li>
  );
});
