import { memo, useId, useMemo } from 'react';
import type { JsonObject } from '../../../../shared/mcp';
import { JsonText } from '../../ui/JsonText';
import { ContentBlocks } from '../../ui/content/ContentBlocks';
import { parameterText, readSamplingRequest, type PriorityView } from './sampling-request';

const PARAMETER_LABELS: Record<string, string> = {
  maxTokens: 'Max tokens',
  temperature: 'Temperature',
  includeContext: 'Include context',
};

/**
 * Everything a sampling request asks for, as the server sent it. Server text is never HTML.
 * Memoized: the detail re-renders every second for its timer, the request never changes.
 */
export const SamplingRequestView = memo(function SamplingRequestView({ request }: { request: JsonObject }) {
  const view = useMemo(() => readSamplingRequest(request), [request]);
  const hasPreferences = view.hints.length > 0 || view.priorities.length > 0;
  return (
    <div className="sampling-request">
      <section className="approval-section" aria-label="Messages">
        <h4 className="approval-section__title">Messages ({view.messages.length})</h4>
        <ol className="sampling-messages">
          {view.messages.map((message, index) => (
            <li key={index} className={`sampling-message sampling-message--${message.role === 'assistant' ? 'assistant' : 'user'}`}>
              <span className="sampling-message__role">{message.role}</span>
              <ContentBlocks blocks={message.blocks} label={`Message ${index + 1} (${message.role})`} />
            </li>
          ))}
        </ol>
      </section>

      {view.systemPrompt !== undefined && (
        <section className="approval-section" aria-label="System prompt">
          <h4 className="approval-section__title">System prompt</h4>
          <p className="sampling-system-prompt">{view.systemPrompt}</p>
        </section>
      )}

      {(view.parameters.length > 0 || view.stopSequences !== undefined || view.metadata !== undefined) && (
        <section className="approval-section" aria-label="Parameters">
          <h4 className="approval-section__title">Parameters</h4>
          <dl className="approval-facts">
            {view.parameters.map(({ name, value }) => (
              <div key={name} className="approval-facts__item">
                <dt>{PARAMETER_LABELS[name] ?? name}</dt>
                <dd className="mono">{parameterText(value)}</dd>
              </div>
            ))}
            {view.stopSequences !== undefined && (
              <div className="approval-facts__item">
                <dt>Stop sequences</dt>
                <dd>
                  {Array.isArray(view.stopSequences) ? (
                    <ul className="chip-list">
                      {view.stopSequences.map((sequence, index) => (
                        <li key={index} className="chip mono">
                          {JSON.stringify(sequence)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="mono">{parameterText(view.stopSequences)}</span>
                  )}
                </dd>
              </div>
            )}
          </dl>
          {view.metadata !== undefined && (
            <>
              <p className="approval-metadata__label">Metadata (passed to the model provider as is)</p>
              <JsonText value={view.metadata} label="Metadata" className="approval-json" />
            </>
          )}
        </section>
      )}

      {hasPreferences && (
        <section className="approval-section" aria-label="Model preferences">
          <h4 className="approval-section__title">Model preferences</h4>
          {view.hints.length > 0 && (
            <div className="model-hints">
              <span className="muted">Hints, in order of preference:</span>
              <ol className="chip-list">
                {view.hints.map((hint, index) => (
                  <li key={index} className="chip mono">
                    {hint}
                  </li>
                ))}
              </ol>
            </div>
          )}
          {view.priorities.length > 0 && (
            <div className="priority-meters">
              {view.priorities.map((priority) => (
                <PriorityMeter key={priority.key} priority={priority} />
              ))}
            </div>
          )}
        </section>
      )}

      {(view.tools.length > 0 || view.toolChoice !== undefined) && (
        <section className="approval-section" aria-label="Tools offered to the model">
          <h4 className="approval-section__title">Tools offered to the model ({view.tools.length})</h4>
          {view.toolChoice !== undefined && (
            <p className="sampling-tool-choice">
              Tool choice: <span className="mono">{parameterText(view.toolChoice)}</span>
            </p>
          )}
          <ul className="sampling-tools">
            {view.tools.map((tool, index) => (
              <li key={index} className="sampling-tool">
                <code className="sampling-tool__name">{tool.name}</code>
                {tool.title && <span className="muted"> {tool.title}</span>}
                {tool.description && <p className="sampling-tool__description">{tool.description}</p>}
                {tool.inputSchema !== undefined && (
                  <details>
                    <summary>Input schema</summary>
                    <JsonText value={tool.inputSchema} label={`Input schema of ${tool.name}`} className="approval-json" />
                  </details>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {Object.keys(view.other).length > 0 && (
        <section className="approval-section" aria-label="Other parameters">
          <h4 className="approval-section__title">Other parameters</h4>
          <JsonText value={view.other} label="Other parameters" className="approval-json" />
        </section>
      )}
    </div>
  );
});

function PriorityMeter({ priority }: { priority: PriorityView }) {
  if (priority.value === undefined) {
    return (
      <div className="priority">
        <span className="priority__label">{priority.label}</span>
        <span className="priority__invalid">not a number from 0 to 1: {parameterText(priority.raw)}</span>
      </div>
    );
  }
  return <PriorityBar label={priority.label} value={priority.value} />;
}

function PriorityBar({ label, value }: { label: string; value: number }) {
  const id = useId();
  return (
    <div className="priority">
      <span className="priority__label" id={id}>
        {label}
      </span>
      <meter className="priority__meter" min={0} max={1} value={value} aria-labelledby={id} aria-valuetext={`${value} of 1`}>
        {value}
      </meter>
      <span className="priority__value mono" aria-hidden="true">
        {value}
      </span>
    </div>
  );
}
