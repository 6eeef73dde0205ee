import type { LintSeverity, ToolLintFinding } from '../../../../shared/tool-lint';
import { LINT_PROVIDER_NAMES } from '../../../../shared/tool-lint';
import { plural } from '../../ui/format';
import { worstSeverity } from './tool-lint-store';

const SEVERITY_LABEL: Record<LintSeverity, string> = { error: 'Error', warning: 'Warning', info: 'Note' };

/** The list's badge for a tool with findings: their number, coloured by the worst. */
export function LintBadge({ findings }: { findings: readonly ToolLintFinding[] }) {
  const worst = worstSeverity(findings);
  if (!worst) return null;
  return (
    // The option's name stays the tool's name; the detail reads the findings out.
    <span className={`hint-badge lint-badge lint-badge--${worst}`} title={`Lint: ${plural(findings.length, 'finding')}, see the tool’s detail`} aria-hidden="true">
      {worst === 'info' ? 'ⓘ' : '⚠'} {findings.length}
    </span>
  );
}

interface Props {
  findings: readonly ToolLintFinding[];
  checking: boolean;
  error: string | undefined;
  onLintAgain: () => void;
}

/** The selected tool's lint: each finding with its level, where it is, the providers it breaks and the fix. */
export function ToolLintSection({ findings, checking, error, onLintAgain }: Props) {
  return (
    <section className="tool-lint" aria-label="Tool lint">
      <header className="tool-lint__header">
        <h4 className="tool-lint__title">Lint</h4>
        <span className="muted">
          {checking ? 'Checking…' : error ? `Lint failed: ${error}` : findings.length === 0 ? 'No findings: this tool follows every rule checked.' : plural(findings.length, 'finding')}
        </span>
        <button type="button" className="link-button" onClick={onLintAgain} disabled={checking}>
          Lint again
        </button>
      </header>
      {findings.length > 0 && (
        <ul className="tool-lint__findings">
          {findings.map((finding, index) => (
            <li key={index} className={`tool-lint__finding tool-lint__finding--${finding.severity}`}>
              <span className={`hint-badge lint-badge lint-badge--${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span>{' '}
              <span className="tool-lint__message">{finding.message}</span>
              <span className="tool-lint__where">
                <code>{finding.path || '/'}</code> · {finding.rule}
                {finding.providers.length > 0 && <> · breaks {finding.providers.map((provider) => LINT_PROVIDER_NAMES[provider]).join(', ')}</>}
              </span>
              <span className="tool-lint__fix">Fix: {finding.fix}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
