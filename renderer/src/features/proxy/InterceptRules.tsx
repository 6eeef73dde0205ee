import { useId, useState, type FormEvent } from 'react';
import type { FilterKey } from '../../../../shared/filter/filter-terms';
import type { Direction } from '../../../../shared/traffic';
import { DEFAULT_INTERCEPT_TIMEOUT_MS, type InterceptRule } from '../../../../shared/proxy';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { FilterInput } from '../../ui/filter/FilterInput';
import { useProxyStore } from '../../state/proxy/proxy-store';
import { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S, MIN_TIMEOUT_S, RuleTimeoutInput, timeoutSeconds } from './RuleTimeoutInput';

/** The keys the core's intercept rules take today (main/core/proxy/intercept-rules.ts). */
const RULE_KEYS: readonly FilterKey[] = [{ key: 'method', detail: 'method name; a trailing * matches any ending' }];
const KNOWN_METHODS = ['tools/call', 'tools/list', 'resources/read', 'prompts/get', 'initialize', 'sampling/createMessage', 'elicitation/create', 'notifications/*'];

const DIRECTION_WORDS: Record<Direction | 'both', string> = { both: 'both ways', out: 'from the client', in: 'from the server' };

/** The intercept rules: add one in the filter language, switch each on or off, remove it, or turn all off. */
export function InterceptRules() {
  const rules = useProxyStore((state) => state.rules);
  const [filter, setFilter] = useState('');
  const [direction, setDirection] = useState<Direction | 'both'>('both');
  const [timeout, setTimeoutText] = useState(String(DEFAULT_TIMEOUT_S));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  const save = async (next: InterceptRule[]): Promise<boolean> => {
    setSaving(true);
    setProblem(null);
    try {
      useProxyStore.getState().setRules(await getApi().invoke('proxy.intercept.rules', { rules: next }));
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = timeoutSeconds(timeout);
    if (!seconds.ok) {
      setProblem(seconds.problem);
      return;
    }
    const rule = { filter: filter.trim(), enabled: true, timeoutMs: seconds.seconds * 1000, ...(direction !== 'both' ? { direction } : {}) };
    // The core gives the new rule its id.
    if (await save([...rules, rule as InterceptRule])) setFilter('');
  };
  const anyOn = rules.some((rule) => rule.enabled);

  return (
    <section className="intercept-rules" aria-labelledby="intercept-rules-title">
      <div className="intercept-rules__head">
        <h3 id="intercept-rules-title" className="intercept-section-title">
          Rules
        </h3>
        <span className="panel-header__count">{anyOn ? `${rules.filter((rule) => rule.enabled).length} on` : 'none on: messages pass untouched'}</span>
        <span className="panel-header__spacer" />
        <button type="button" className="button button--small" disabled={!anyOn || saving} onClick={() => void save(rules.map((rule) => ({ ...rule, enabled: false })))}>
          Turn all off
        </button>
      </div>
      <form className="intercept-rules__add" noValidate onSubmit={(event) => void add(event)}>
        <FilterInput
          label="Intercept rule filter"
          placeholder="method:tools/call"
          className="input input--small intercept-rules__filter"
          text={filter}
          onText={setFilter}
          keys={RULE_KEYS}
          valuesOf={(key) => (key === 'method' ? KNOWN_METHODS : undefined)}
          errorsId={problem ? errorId : undefined}
          escapeClears={false}
        />
        <select className="input input--small" aria-label="Direction to pause" value={direction} onChange={(event) => setDirection(event.target.value as Direction | 'both')}>
          <option value="both">Both ways</option>
          <option value="out">From the client</option>
          <option value="in">From the server</option>
        </select>
        <label className="intercept-rule__timeout" title="A paused message goes on as it is after this long, with a note in the record">
          waits
          <input
            type="number"
            className="input input--small intercept-rule__seconds"
            aria-label="Pause timeout in seconds"
            min={MIN_TIMEOUT_S}
            max={MAX_TIMEOUT_S}
            step={1}
            value={timeout}
            onChange={(event) => setTimeoutText(event.target.value)}
          />
          s
        </label>
        <button type="submit" className="button button--small button--primary" disabled={saving || filter.trim() === ''}>
          Add rule
        </button>
      </form>
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {rules.length > 0 && (
        <ul className="intercept-rules__list" aria-label="Intercept rules">
          {rules.map((rule) => (
            <li key={rule.id} className="intercept-rule">
              <label className="intercept-rule__toggle">
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  disabled={saving}
                  onChange={(event) => void save(rules.map((other) => (other.id === rule.id ? { ...other, enabled: event.target.checked } : other)))}
                />
                <code className="intercept-rule__filter">{rule.filter}</code>
              </label>
              <span className="intercept-rule__direction">{DIRECTION_WORDS[rule.direction ?? 'both']}</span>
              <RuleTimeoutInput
                label={`Pause timeout of ${rule.filter}, in seconds`}
                seconds={Math.round((rule.timeoutMs ?? DEFAULT_INTERCEPT_TIMEOUT_MS) / 1000)}
                disabled={saving}
                onSave={(seconds) => void save(rules.map((other) => (other.id === rule.id ? { ...other, timeoutMs: seconds * 1000 } : other)))}
              />
              <button
                type="button"
                className="button button--small"
                aria-label={`Remove the rule ${rule.filter}`}
                disabled={saving}
                onClick={() => void save(rules.filter((other) => other.id !== rule.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
