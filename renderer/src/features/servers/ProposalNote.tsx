import type { ServerConfigInput } from '../../../../shared/server-config';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/**
 * Above the form a loupe:// link filled in: what it proposes, with invisible and bidi characters
 * written out (the fields below hold them as sent, where they would disguise a name or command).
 */
export function ProposalNote({ proposal }: { proposal: ServerConfigInput }) {
  const { transport } = proposal;
  return (
    <p className="form-warning" role="note">
      <strong>Opened from a loupe:// link.</strong> Check the command, its arguments and the URL before you save: Loupe runs the command when you
      connect. Nothing is added until you save.
      <br />
      It proposes “{revealInvisible(proposal.name)}”:{' '}
      <code>{revealInvisible(transport.type === 'stdio' ? [transport.command, ...transport.args].join(' ') : transport.url)}</code>
    </p>
  );
}
