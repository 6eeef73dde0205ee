import { useMemo, useState } from 'react';
import type { ToolCallApproval, ToolCallDecision } from '../../../../shared/approvals';
import type { JsonObject } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { parseJsonObject, prettyJson } from '../../ui/json';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';
import { useRememberedArgumentsCheck, useSchemaCheck } from '../../ui/schema-form/use-schema-check';
import { useToolCallsStore } from '../../state/approvals/tool-calls-store';
import { AlertText } from '../../ui/AlertText';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** The arguments as the person first sees them in the editor: pretty JSON, or the model's text when it was not JSON. */
function initialText(args: unknown): string {
  return typeof args === 'string' ? args : prettyJson(args ?? {});
}

/**
 * A tool call the model asked for: the person approves it, edits its arguments first, or refuses
 * it. Arguments that break the tool's input schema show their violations (checked in the core's
 * worker) and go out only with "Send anyway".
 */
export function ToolCallCard({ call }: { call: ToolCallApproval }) {
  const [text, setText] = useState(() => initialText(call.arguments));
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useRememberedArgumentsCheck();
  const edited = editing && text !== initialText(call.arguments);
  const parsed = useMemo(() => parseJsonObject(text, 'arguments', { plural: true }), [text]);
  const value = parsed.ok ? (parsed.value as JsonObject) : undefined;
  const schema = call.inputSchema;
  const verdict = useSchemaCheck(check, schema ?? EMPTY_SCHEMA, value, schema !== undefined && value !== undefined);
  const violations = verdict?.check.kind === 'checked' ? verdict.check.errors : [];
  // The tool's name on its server, or the one the model made up: either may hide a bidi override.
  const toolName = revealInvisible(call.tool);
  const notJson = parsed.ok ? null : (edited ? parsed.problem : (call.argumentsProblem ?? parsed.problem));

  const decide = async (decision: ToolCallDecision) => {
    setProblem(null);
    try {
      useToolCallsStore.getState().apply(await getApi().invoke('approvals.toolCalls.decide', { id: call.id, decision }));
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  const approve = (sendInvalid: boolean) =>
    void decide({ action: 'approve', ...(edited && value ? { arguments: value } : {}), ...(sendInvalid ? { sendInvalid: true } : {}) });

  return (
    <section className="chat-call" aria-label={`Tool call ${toolName}`}>
      <p>
        The model wants to call <strong>{toolName}</strong> on {revealInvisible(call.serverName)} with
      </p>
      {editing ? (
        <JsonEditor value={text} onChange={setText} schema={schema} label={`Arguments for ${toolName}`} />
      ) : (
        <pre className="chat-call__args">{revealInvisible(text)}</pre>
      )}
      {notJson && <p className="form-error">{revealInvisible(notJson)}</p>}
      {violations.length > 0 && (
        <div className="chat-call__violations" role="group" aria-label="Schema violations">
          <p className="form-error">The arguments break the tool&apos;s input schema; they are not sent unless you say so:</p>
          <ul>
            {violations.slice(0, 20).map((violation) => (
              <li key={`${violation.pointer} ${violation.keyword} ${violation.message}`} className="mono">
                {revealInvisible(violation.pointer || '(the arguments)')}: {revealInvisible(violation.message)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {verdict?.check.kind === 'unchecked' && <p className="muted">The arguments could not be checked: {verdict.check.reason}</p>}
      <div className="chat-call__actions">
        {violations.length > 0 ? (
          <button type="button" className="button button--small button--danger" disabled={notJson !== null} onClick={() => approve(true)}>
            Send anyway
          </button>
        ) : (
          <button type="button" className="button button--small button--primary" disabled={notJson !== null} onClick={() => approve(false)}>
            {edited ? 'Approve edited call' : 'Approve call'}
          </button>
        )}
        {!editing && (
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            Edit arguments
          </button>
        )}
        {edited && (
          <button type="button" className="button button--small" onClick={() => setText(initialText(call.arguments))}>
            Undo edits
          </button>
        )}
        <button type="button" className="button button--small" onClick={() => void decide({ action: 'refuse' })}>
          Refuse call
        </button>
      </div>
      <AlertText message={problem} />
    </section>
  );
}

const EMPTY_SCHEMA: JsonObject = {};
