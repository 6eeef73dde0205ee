import type { HeaderVerdict } from '../../../../shared/header-verdict';

/**
 * The verdict on a 2026-07-28 HTTP request's mirrored headers (Mcp-Method, Mcp-Name, Mcp-Param-*)
 * against its body: a ✓ with what was checked, or each violation and whose it is.
 */
export function HeaderVerdictView({ verdict }: { verdict: HeaderVerdict }) {
  return (
    <div className={`header-verdict header-verdict--${verdict.ok ? 'ok' : 'violation'}`} role="group" aria-label="Header verdict">
      {verdict.ok ? (
        <p className="header-verdict__sentence">{verdict.sentence}</p>
      ) : (
        <>
          <p className="header-verdict__sentence">
            <strong>{verdict.side === 'reply' ? 'Violation by the server’s answer' : 'Violation in the request’s headers'}:</strong> {verdict.sentence}
          </p>
          {verdict.problems.length > 1 && (
            <ul className="header-verdict__problems">
              {verdict.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
