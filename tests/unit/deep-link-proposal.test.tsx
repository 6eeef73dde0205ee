/**
 * A loupe:// link's proposal shows its name and command with invisible characters revealed (issue
 * 25, Low 1): the fields hold them as sent, so the note above them is where the person sees them.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProposalNote } from '../../renderer/src/features/servers/ProposalNote.js';

describe('a loupe:// proposal in the server form', () => {
  it('shows the proposed name and command with U+202E and U+200B written out', () => {
    const note = renderToStaticMarkup(
      <ProposalNote proposal={{ name: 'report\u202Etxt.exe', transport: { type: 'stdio', command: 'npx', args: ['evil\u200B-pkg'], env: [] } }} />,
    );
    expect(note).toContain('report⟨U+202E⟩txt.exe');
    expect(note).toContain('npx evil⟨U+200B⟩-pkg');
    expect(note).not.toMatch(/[\u202E\u200B]/);
  });
});
