import { useMemo } from 'react';
import { formatDuration } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import type { RpcOutcome } from '../../../../shared/mcp';
import { ContentBlocks, type HeldTextAt } from '../../ui/content/ContentBlocks';
import { FailureView, OutcomeSummary, RawReply, ViolationsNote } from '../../ui/OutcomeParts';
import { promptsSlots } from './slots';
import { heldTextAt } from '../../ui/content/whole-result';
import { promptMessagesOf } from './prompt-messages';
import type { PromptGet } from './prompts-store';

/** The result of `prompts/get`: its messages by role, each message's content rendered as MCP content. */
export function PromptResultView({ serverId, get }: { serverId: string; get: PromptGet }) {
  const getting = get.status === 'getting';
  const now = useNow(getting, 250);
  const outcome = get.outcome;
  const parsed = useMemo(() => (outcome?.result === undefined ? undefined : promptMessagesOf(outcome.result)), [outcome]);
  const troubled = Boolean(
    outcome && (outcome.violations.length > 0 || (parsed && (!parsed.ok || parsed.messages.some((message) => message.problem)))),
  );
  const failed = Boolean(get.error || outcome?.failure);

  return (
    <section className="prompt-result" aria-label="Prompt result" aria-busy={getting}>
      <header className="result-header">
        <h4 className="section-title">Messages</h4>
        {getting ? (
          <span className="muted">Getting… {formatDuration(now - get.startedAt)}</span>
        ) : (
          <span className={`verdict ${failed ? 'verdict--failed' : 'verdict--success'}`}>{failed ? 'Failed' : 'Success'}</span>
        )}
        {outcome && !getting && <OutcomeSummary outcome={outcome} />}
      </header>
      {get.error && (
        <p className="outcome-failure" role="alert">
          Could not get the prompt: {get.error}
        </p>
      )}
      {outcome?.failure && <FailureView failure={outcome.failure} />}
      {outcome && <ViolationsNote violations={outcome.violations} subject="The prompts/get reply" />}
      {parsed?.description && <p className="prompt-result__description">{parsed.description}</p>}
      {parsed && !parsed.ok && (
        <p className="content-note content-note--error" role="alert">
          {parsed.problem}
        </p>
      )}
      {parsed?.ok && parsed.messages.length === 0 && <p className="content-note">The prompt has no messages.</p>}
      {parsed?.ok && (
        <ol className={`prompt-messages ${getting ? 'result--stale' : ''}`}>
          {parsed.messages.map((message, index) => {
            const role = message.role ?? 'no role';
            const roleClass = message.role === 'user' || message.role === 'assistant' ? message.role : 'other';
            return (
              <li key={index} className={`prompt-message prompt-message--${roleClass}`} aria-label={`Message ${index + 1}: ${role}`}>
                <span className="prompt-message__role">{role}</span>
                {message.problem && <p className="prompt-message__problem">{message.problem}</p>}
                <ContentBlocks
                  blocks={Array.isArray(message.content) ? message.content : [message.content]}
                  label={`Content of message ${index + 1}`}
                  onOpenResource={(uri) => promptsSlots.openResource.get()(serverId, uri)}
                  heldText={outcome?.heldTexts && heldInMessage(outcome, index, message.content)}
                />
              </li>
            );
          })}
        </ol>
      )}
      {outcome?.result !== undefined && <RawReply outcome={outcome} open={troubled} />}
    </section>
  );
}

/** The held texts of message `index`, by the paths ContentBlocks gives (from a block's index; one block alone has no list to count in). */
function heldInMessage(outcome: RpcOutcome, index: number, content: unknown): HeldTextAt {
  return ([block, ...inner]) => heldTextAt(outcome, ['messages', index, 'content', ...(Array.isArray(content) ? [block!] : []), ...inner]);
}
