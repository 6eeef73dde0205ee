import { useState } from 'react';
import type { ToolInfo } from '../../../../shared/mcp';
import { DocumentView } from '../../ui/content/DocumentView';
import { Folded } from '../../ui/content/Folded';
import { SafeMarkdown } from '../../ui/content/SafeMarkdown';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { appBadges } from './apps/app-facts';
import { annotationBadges, toolTitle } from './tool-facts';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { uiStateStorage } from '../../bridge/ui-state';

/** The tool's name and title, icon, annotation badges and a duplicate-name warning. */
export function ToolHeader({ tool, sameName }: { tool: ToolInfo; sameName: number }) {
  const title = toolTitle(tool);
  return (
    <header className="tool-detail__header">
      <ItemIcon icons={tool.icons} />
      {title ? (
        <>
          <h3 className="tool-detail__heading">{revealInvisible(title)}</h3>
          <code className="tool-detail__name">{revealInvisible(tool.name)}</code>
        </>
      ) : (
        <h3 className="tool-detail__heading tool-detail__heading--name">{revealInvisible(tool.name)}</h3>
      )}
      <span className="tool-detail__badges">
        {[...annotationBadges(tool), ...appBadges(tool)].map((badge) => (
          <span key={badge.id} className={`hint-badge hint-badge--${badge.id}`} title={badge.explanation}>
            {badge.label}
            <span className="visually-hidden">: {badge.explanation}</span>
          </span>
        ))}
        {sameName > 1 && (
          <span className="hint-badge hint-badge--destructive" title="Tool names must be unique; a call names the tool, so the server decides which one runs.">
            {sameName} tools named “{tool.name}”
          </span>
        )}
      </span>
    </header>
  );
}

const DESCRIPTION_MODE_KEY = 'loupe.tools.descriptionMode';

/** The description as Markdown (safe: HTML shown as text, links open outside) or as plain text. */
export function ToolDescription({ description }: { description: string }) {
  const [plain, setPlain] = useState(() => uiStateStorage.getItem(DESCRIPTION_MODE_KEY) === 'plain');
  const toggle = () => {
    uiStateStorage.setItem(DESCRIPTION_MODE_KEY, plain ? 'markdown' : 'plain');
    setPlain(!plain);
  };
  return (
    <div className="tool-detail__description">
      {plain ? <p className="tool-detail__plain">{description}</p> : <SafeMarkdown text={description} />}
      <button type="button" className="link-button tool-detail__description-mode" onClick={toggle}>
        {plain ? 'Show as Markdown' : 'Show as plain text'}
      </button>
    </div>
  );
}

/** The input and output schemas, folded away until asked for. */
export function ToolSchemas({ tool }: { tool: ToolInfo }) {
  return (
    <div className="tool-detail__schemas">
      <Folded title="Input schema">
        <DocumentView input={{ kind: 'value', value: tool.inputSchema ?? null }} label="Input schema" title="inputSchema" fileBaseName={`${tool.name}-input-schema`} />
      </Folded>
      {tool.outputSchema && (
        <Folded title="Output schema">
          <DocumentView input={{ kind: 'value', value: tool.outputSchema }} label="Output schema" title="outputSchema" fileBaseName={`${tool.name}-output-schema`} />
        </Folded>
      )}
      {tool._meta && (
        <Folded title="_meta">
          <DocumentView input={{ kind: 'value', value: tool._meta }} label="Tool _meta" title="_meta" fileBaseName={`${tool.name}-meta`} />
        </Folded>
      )}
    </div>
  );
}
