/**
 * Load run (issue 39, item 6): arguments the tool's input schema refuses do not start a run (every
 * call would fail); the reason is shown by the Arguments field, and arguments that fit start it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoadResult } from '../../shared/load-run';
import type { ServerConfig } from '../../shared/server-config';
import { connectApi } from '../../renderer/src/bridge/api';
import type { Bridge } from '../../renderer/src/bridge/types';
import { LoadDialog } from '../../renderer/src/features/load/LoadDialog';
import { useListsStore } from '../../renderer/src/state/lists/lists-store';

const SERVER: ServerConfig = { id: 's1', name: 'adder', transport: { type: 'stdio', command: 'adder', args: [], env: [] } };
const ADD = { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] } };

let calls: Array<{ name: string; params: unknown }>;

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

beforeEach(() => {
  calls = [];
  const invoke = vi.fn(async (name: string, params: unknown) => {
    calls.push({ name, params });
    if (name === 'schemas.validate') {
      const value = (params as { value: Record<string, unknown> }).value;
      return 'a' in value ? { valid: true, errors: [] } : { valid: false, errors: [{ path: '/a', message: "must have required property 'a'", keyword: 'required' }] };
    }
    if (name === 'load.run') {
      const { runId, serverId, tool } = params as { runId: string; serverId: string; tool: string };
      const result: LoadResult = { runId, serverId, tool, durationMs: 1000, calls: 3, ok: 3, failed: 0, toolErrors: 0, throughputPerS: 3, errors: [], stoppedBecause: 'duration' };
      return result;
    }
    throw new Error(`unexpected ${name}`);
  });
  connectApi({ invoke, on: () => () => undefined } as unknown as Bridge);
  useListsStore.getState().setList('s1', 'tools', { status: 'loaded', revision: 1, items: [ADD], pages: 1, violations: [], connectionId: 'c1' });
});

afterEach(() => connectApi(null));

describe('a load run’s arguments', () => {
  it('refuses to start with arguments the tool’s schema refuses, says why, and starts once they fit', async () => {
    render(<LoadDialog server={SERVER} onClose={() => undefined} />);
    const args = screen.getByRole('textbox', { name: 'Arguments' });
    expect(args).toHaveProperty('value', '{}');

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(args.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The arguments do not match the tool’s input schema (1 problem): /a: Required.')).toBeTruthy();
    expect(calls.map((call) => call.name)).toEqual(['schemas.validate']);

    fireEvent.change(args, { target: { value: '{"a": 1}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByText(/^Done: 3 calls of add/);
    expect(args.getAttribute('aria-invalid')).toBeNull();
    expect(calls.find((call) => call.name === 'load.run')?.params).toMatchObject({ serverId: 's1', tool: 'add', arguments: { a: 1 } });
  });
});
