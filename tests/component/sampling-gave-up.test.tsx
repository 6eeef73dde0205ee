/** A sampling request the server cancels while the person writes the reply: the reply is kept, and the request says the server gave up. */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import { connectApi } from '../../renderer/src/bridge/api.js';
import type { Bridge } from '../../renderer/src/bridge/types.js';
import { ApprovalDetail } from '../../renderer/src/features/approvals/ApprovalDetail.js';
import { approvalsSlots } from '../../renderer/src/features/approvals/slots.js';
import { useDraftsStore } from '../../renderer/src/features/approvals/drafts-store.js';
import { startDraftsSync } from '../../renderer/src/features/approvals/drafts-sync.js';
import { initialDraft } from '../../renderer/src/features/approvals/sampling-reply.js';
import { useApprovalsStore } from '../../renderer/src/state/approvals/approvals-store.js';

const request: Approval = {
  id: 'a1',
  serverId: 's1',
  serverName: 'everything',
  kind: 'sampling',
  rpcId: 7,
  request: { messages: [{ role: 'user', content: { type: 'text', text: 'Write a haiku' } }], maxTokens: 100 },
  receivedAt: Date.now(),
  status: 'pending',
} as Approval;

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  connectApi(null);
});

describe('a sampling request the server gives up on', () => {
  it('keeps the reply being written and says the server gave up', () => {
    connectApi({ on: () => () => undefined } as unknown as Bridge);
    stop = startDraftsSync();
    useApprovalsStore.getState().apply(request);
    useDraftsStore.getState().setReply('a1', { ...initialDraft(), text: 'Autumn moonlight, a worm digs' });
    useApprovalsStore.getState().apply({ ...request, status: 'cancelled', cancelledBy: 'server' });

    expect(useDraftsStore.getState().replies.a1?.text).toBe('Autumn moonlight, a worm digs');
    render(<ApprovalDetail approval={useApprovalsStore.getState().byId.a1!} now={Date.now()} />);
    expect(screen.getByRole('textbox', { name: 'Your reply (not sent)' })).toHaveProperty('value', 'Autumn moonlight, a worm digs');
    expect(screen.getByText(/^The server gave up on this request while you were writing, so your reply was not sent./)).toBeTruthy();
  });

  it('runs the tool it came during again, with the same arguments', () => {
    connectApi({ on: () => () => undefined } as unknown as Bridge);
    stop = startDraftsSync();
    const runAgain = vi.fn(() => Promise.resolve());
    approvalsSlots.runToolAgain.fill(runAgain);
    const during = { ...request, id: 'a2', duringCall: { tool: 'sampleLLM', arguments: { prompt: 'a haiku', maxTokens: 100 } } };
    useApprovalsStore.getState().apply(during);
    useDraftsStore.getState().setReply('a2', { ...initialDraft(), text: 'Autumn moonlight' });
    useApprovalsStore.getState().apply({ ...during, status: 'cancelled', cancelledBy: 'server' });
    render(<ApprovalDetail approval={useApprovalsStore.getState().byId.a2!} now={Date.now()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Run “sampleLLM” again' }));
    expect(runAgain).toHaveBeenCalledWith('s1', 'sampleLLM', { prompt: 'a haiku', maxTokens: 100 });
  });

  it('offers no run again when it is not known which call the request came during', () => {
    connectApi({ on: () => () => undefined } as unknown as Bridge);
    stop = startDraftsSync();
    useApprovalsStore.getState().apply({ ...request, id: 'a3' });
    useDraftsStore.getState().setReply('a3', { ...initialDraft(), text: 'Autumn moonlight' });
    useApprovalsStore.getState().apply({ ...request, id: 'a3', status: 'cancelled', cancelledBy: 'server' });
    render(<ApprovalDetail approval={useApprovalsStore.getState().byId.a3!} now={Date.now()} />);
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
  });
});
