import type { Approval } from '../../shared/approvals.js';
import type { ChatEvent } from '../../shared/chat.js';
import type { DraftEvent, ModelProvider, ModelProviderKind } from '../../shared/models.js';
import type { ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { eventsNamed, waitFor, type TestCore } from './helpers.js';

export const FIXTURE_MODEL = 'fixture-model';

/** Adds the fixture as a provider of the given kind (the OpenAI fixture serves both OpenAI kinds). */
export function addFixtureProvider(test: TestCore, fixture: ModelProviderFixture, kind: ModelProviderKind, apiKey = fixture.apiKey): Promise<ModelProvider> {
  return test.core.handlers['models.providers.add']({ name: `Fixture (${kind})`, kind, baseUrl: fixture.url, apiKey, defaultModel: FIXTURE_MODEL });
}

/** The next pending sampling approval not seen before. */
export async function nextPendingSampling(test: TestCore, seen: Set<string>): Promise<Approval> {
  const approval = await waitFor(
    () => eventsNamed(test, 'approvals.changed').find((a) => a.kind === 'sampling' && a.status === 'pending' && !seen.has(a.id)),
    'a pending sampling approval',
  );
  seen.add(approval.id);
  return approval;
}

/** The draft's last event (done, failed or stopped). */
export function draftEnd(test: TestCore, draftId: string): Promise<Exclude<DraftEvent, { type: 'delta' }>> {
  return waitFor(
    () => eventsNamed(test, 'models.draft').find((event): event is Exclude<DraftEvent, { type: 'delta' }> => event.draftId === draftId && event.type !== 'delta'),
    'the draft to end',
    20_000,
  );
}

export function latestApproval(test: TestCore, id: string): Approval | undefined {
  return eventsNamed(test, 'approvals.changed')
    .filter((approval) => approval.id === id)
    .at(-1);
}

export function chatEvents(test: TestCore, conversationId: string): ChatEvent[] {
  return eventsNamed(test, 'chat.event').filter((event) => event.conversationId === conversationId);
}

/** The run's `finished` event. */
export function chatFinished(test: TestCore, conversationId: string, after = 0): Promise<Extract<ChatEvent, { type: 'finished' }>> {
  return waitFor(
    () => chatEvents(test, conversationId).slice(after).find((event): event is Extract<ChatEvent, { type: 'finished' }> => event.type === 'finished'),
    'the chat run to finish',
    20_000,
  );
}
