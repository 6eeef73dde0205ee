/**
 * Compare clients (issue 39, item 6): each side shows the capabilities its client declared and the
 * server's capabilities it got, so a difference in the lists ("Tools 19 vs 13") is explained.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompareResult, CompareSide } from '../../shared/compare';
import type { ServerConfig } from '../../shared/server-config';
import { connectApi } from '../../renderer/src/bridge/api';
import type { Bridge } from '../../renderer/src/bridge/types';
import { CompareDialog } from '../../renderer/src/features/compare/CompareDialog';

const SERVER: ServerConfig = { id: 's1', name: 'Everything', transport: { type: 'stdio', command: 'everything', args: [], env: [] } };

const side = (label: string, clientCapabilities: CompareSide['clientCapabilities'], tools: number): CompareSide => ({
  client: 'loupe',
  label,
  clientInfo: { name: label, version: '1' },
  clientCapabilities,
  connectionId: label,
  server: { name: 'everything', version: '1', protocolVersion: '2025-11-25', era: 'legacy' },
  capabilities: { tools: { listChanged: true }, logging: {} },
  lists: { tools: Array.from({ length: tools }, (_, index) => ({ name: `t${index}` })), resources: [], resourceTemplates: [], prompts: [] },
  problems: [],
});

const RESULT: CompareResult = {
  sides: [side('Claude Desktop', { extensions: { 'io.modelcontextprotocol/ui': {} } }, 13), side('VS Code', { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } }, 19)],
  differences: [],
  tookMs: 10,
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

beforeEach(() => {
  const invoke = vi.fn(async (name: string) => {
    if (name === 'servers.compare') return RESULT;
    throw new Error(`unexpected ${name}`);
  });
  connectApi({ invoke, on: () => () => undefined } as unknown as Bridge);
});
afterEach(() => connectApi(null));

describe('Compare clients', () => {
  it('shows the capabilities each client declared and the server capabilities each got', async () => {
    render(<CompareDialog server={SERVER} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const table = await screen.findByRole('table', { name: 'What each client was offered' });
    const cells = (header: string) => within(within(table).getByRole('rowheader', { name: header }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Client capabilities declared')).toEqual(['extensions (io.modelcontextprotocol/ui)', 'elicitation (form), roots (listChanged), sampling']);
    expect(cells('Server capabilities received')).toEqual(['logging, tools (listChanged)', 'logging, tools (listChanged)']);
    expect(cells('Tools')).toEqual(['13', '19']);
  });
});
