/** A sampling request the server cancels while the person writes the reply: the reply is kept, and the request says the server gave up. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import { connectApi } from '../../renderer/src/bridge/api.js';
import type { Bridge } from '../../renderer/src/bridge/types.js';
import { ApprovalDetail } from '../../renderer/src/features/approvals/ApprovalDetail.js';
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
});
