/**
 * The OAuth debugger (issue 39, item 6): the Spec version box shows the version of the run shown
 * (the debugger opens afresh after switching servers), and a step that ended with problems does
 * not say "OK".
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIAGRAM_PARTICIPANTS, type OAuthDebugRun } from '../../shared/oauth-debugger';
import { connectApi } from '../../renderer/src/bridge/api';
import type { Bridge } from '../../renderer/src/bridge/types';
import { OAuthDebugger } from '../../renderer/src/features/auth/debugger/OAuthDebugger';
import { useDebuggerStore } from '../../renderer/src/features/auth/debugger/debugger-store';

const RUN: OAuthDebugRun = {
  runId: 'r1',
  serverId: 's1',
  serverUrl: 'http://127.0.0.1:1/mcp',
  version: '2025-11-25',
  mode: 'step',
  status: 'done',
  steps: [
    {
      index: 0,
      kind: 'unauthenticated-request',
      title: 'Request without a token',
      status: 'ok',
      explanation: 'Asks without a token.',
      summary: 'The server answered 401.',
      exchanges: [],
      checks: [
        { id: 'www-authenticate', level: 'ok', sentence: 'The 401 carries WWW-Authenticate.' },
        { id: 'scope', level: 'warning', sentence: 'The challenge names no scope.' },
      ],
    },
    { index: 1, kind: 'resource-metadata', title: 'Protected resource metadata', status: 'ok', explanation: 'Reads it.', summary: 'Found.', exchanges: [], checks: [] },
  ],
  diagram: { participants: DIAGRAM_PARTICIPANTS, arrows: [] },
  counts: { ok: 1, warning: 1, error: 0 },
  startedAt: 1,
};

beforeEach(() => {
  connectApi({ on: () => () => undefined } as unknown as Bridge);
  useDebuggerStore.setState({ runs: { s1: RUN }, busy: {}, errors: {} });
});
afterEach(() => connectApi(null));

describe('the OAuth debugger', () => {
  it('shows the version of the run shown in the Spec version box, and a pick for the next run stays with its server', () => {
    const { rerender } = render(<OAuthDebugger serverId="s1" />);
    const version = () => screen.getByRole('combobox', { name: 'Spec version' });
    expect(version()).toHaveProperty('value', '2025-11-25');

    fireEvent.change(version(), { target: { value: '2025-06-18' } });
    expect(version()).toHaveProperty('value', '2025-06-18');
    // Another server, without a run: the latest version, not the pick made for the first.
    rerender(<OAuthDebugger serverId="s2" />);
    expect(version()).toHaveProperty('value', '2026-07-28');
  });

  it('says a step ended with its problems rather than OK', () => {
    render(<OAuthDebugger serverId="s1" />);
    const first = screen.getByRole('listitem', { name: 'Step 1: Request without a token' });
    expect(within(first).getByText('Done with 1 problem')).toBeTruthy();
    expect(within(first).queryByText('OK')).toBeNull();
    const second = screen.getByRole('listitem', { name: 'Step 2: Protected resource metadata' });
    expect(within(second).getByText('OK')).toBeTruthy();
  });
});
