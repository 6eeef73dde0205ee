import type { ReactNode } from 'react';
import type { ConnectionState, ProcessExit } from '../../../../shared/connection';
import { SignInButton } from '../sign-in/SignInButton';
import './connection.css';
import { revealInvisible } from '../../../../shared/reveal-invisible';

function describeExit(exit: ProcessExit): string {
  if (exit.signal) return `The process exited on signal ${exit.signal}.`;
  if (exit.code !== null) return `The process exited with code ${exit.code}.`;
  return 'The process exited.';
}

/** Why the last connection did not come up or ended, in one sentence; undefined when it did not fail. */
export function connectionProblemText(connection: ConnectionState | undefined): string | undefined {
  if (connection?.status === 'failed') return connection.failure?.message;
  if (connection?.status === 'exited') return connection.failure?.message ?? (connection.exit ? describeExit(connection.exit) : undefined);
  return undefined;
}

/**
 * Why a connection is not up: the failure sentence and its detail, or how the process exited.
 * `actions` go beside the sentence when the connection failed or exited (Diagnose, from the doctor feature).
 */
export function ConnectionProblem({ connection, actions }: { connection: ConnectionState | undefined; actions?: ReactNode }) {
  if (!connection) return null;
  const { failure, exit } = connection;
  if (!failure && !exit) return null;
  return (
    <div className="connection-problem">
      {failure && <p className="connection-problem__message">{revealInvisible(failure.message)}</p>}
      <SignInButton connection={connection} />
      {actions && (connection.status === 'failed' || connection.status === 'exited') && <div className="connection-problem__actions">{actions}</div>}
      {failure?.detail && (
        <details className="connection-problem__details">
          <summary>Details</summary>
          <pre className="connection-problem__pre">{failure.detail}</pre>
        </details>
      )}
      {exit && connection.status === 'exited' && (
        <>
          <p className="connection-problem__message">{describeExit(exit)}</p>
          {exit.stderrTail.length > 0 && (
            <pre className="connection-problem__pre connection-problem__stderr" aria-label="Last stderr lines" tabIndex={0}>
              {exit.stderrTail.join('\n')}
            </pre>
          )}
        </>
      )}
    </div>
  );
}
