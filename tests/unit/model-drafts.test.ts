import { beforeEach, describe, expect, test } from 'vitest';
import type { DraftEvent } from '../../shared/models.js';
import { connectApi } from '../../renderer/src/bridge/api.js';
import type { Bridge } from '../../renderer/src/bridge/types.js';
import { startDraftsSync } from '../../renderer/src/features/approvals/drafts-sync.js';
import { useDraftsStore } from '../../renderer/src/features/approvals/drafts-store.js';
import { useModelDraftsStore } from '../../renderer/src/features/approvals/model-draft-store.js';
import { initialDraft } from '../../renderer/src/features/approvals/sampling-reply.js';

const APPROVAL = 'approval-1';
const STARTED = { draftId: 'draft-2', approvalId: APPROVAL, model: { providerId: 'p', modelId: 'm' }, providerName: 'P', why: 'You chose this model.' };

/** A bridge that only hands out the `models.draft` listener, so the test can play the core's events. */
function fakeBridge(): { bridge: Bridge; emit: (event: DraftEvent) => void } {
  let listener: ((event: DraftEvent) => void) | undefined;
  const bridge = {
    on: (name: string, handler: (event: DraftEvent) => void) => {
      if (name === 'models.draft') listener = handler;
      return () => {};
    },
  } as unknown as Bridge;
  return { bridge, emit: (event) => listener?.(event) };
}

function replyText(): string | undefined {
  return useDraftsStore.getState().replies[APPROVAL]?.text;
}

describe('Draft with model in the window: the model draft events fill the reply editor', () => {
  let emit: (event: DraftEvent) => void;
  let stop: () => void;

  beforeEach(() => {
    const fake = fakeBridge();
    emit = fake.emit;
    connectApi(fake.bridge);
    useDraftsStore.setState({ replies: {}, forms: {}, rejectMessages: {} });
    useModelDraftsStore.setState({ byApproval: {} });
    stop?.();
    stop = startDraftsSync();
  });

  test('text that arrives before the core answered models.draft is kept, and the answer does not reset it', () => {
    useModelDraftsStore.getState().begin(APPROVAL);
    useDraftsStore.getState().setReply(APPROVAL, { ...initialDraft(), text: '' });
    emit({ type: 'delta', draftId: 'draft-2', approvalId: APPROVAL, text: 'Hello ' });
    useModelDraftsStore.getState().started(STARTED);
    emit({ type: 'delta', draftId: 'draft-2', approvalId: APPROVAL, text: 'there' });
    expect(replyText()).toBe('Hello there');
    expect(useModelDraftsStore.getState().byApproval[APPROVAL]?.status).toBe('drafting');
  });

  test('a superseded draft\'s events are ignored; the finished result replaces the text and names the model', () => {
    useModelDraftsStore.getState().begin(APPROVAL);
    useDraftsStore.getState().setReply(APPROVAL, { ...initialDraft(), text: '' });
    useModelDraftsStore.getState().started(STARTED);
    emit({ type: 'delta', draftId: 'draft-1', approvalId: APPROVAL, text: 'old draft' });
    emit({ type: 'delta', draftId: 'draft-2', approvalId: APPROVAL, text: 'new' });
    expect(replyText()).toBe('new');
    emit({
      type: 'done',
      draftId: 'draft-2',
      approvalId: APPROVAL,
      result: { role: 'assistant', content: { type: 'text', text: 'new draft, whole' }, model: 'm-2026', stopReason: 'endTurn' },
      modelName: 'm-2026',
      usage: { inputTokens: 3, outputTokens: 4 },
      durationMs: 5,
      trafficSeqs: [7],
      warnings: [],
    });
    expect(replyText()).toBe('new draft, whole');
    expect(useDraftsStore.getState().replies[APPROVAL]?.model).toBe('m-2026');
    const draft = useModelDraftsStore.getState().byApproval[APPROVAL];
    expect(draft?.status === 'done' && draft.modelName).toBe('m-2026');
    // Late text of the finished draft changes nothing.
    emit({ type: 'delta', draftId: 'draft-2', approvalId: APPROVAL, text: ' more' });
    expect(replyText()).toBe('new draft, whole');
  });

  test('a draft this window did not start (another window\'s) leaves the person\'s text alone', () => {
    useDraftsStore.getState().setReply(APPROVAL, { ...initialDraft(), text: 'typed by hand' });
    emit({ type: 'delta', draftId: 'draft-9', approvalId: APPROVAL, text: 'model text' });
    expect(replyText()).toBe('typed by hand');
  });

  test('a failure to start is one sentence, and the draft ends', () => {
    useModelDraftsStore.getState().begin(APPROVAL);
    useModelDraftsStore.getState().failedToStart(APPROVAL, 'No model provider is set up.');
    expect(useModelDraftsStore.getState().byApproval[APPROVAL]).toEqual({ status: 'failed', message: 'No model provider is set up.' });
  });
});
