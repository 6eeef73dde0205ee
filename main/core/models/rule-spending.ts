import type { TokenUsage } from '../../../shared/models.js';

/**
 * Tokens each auto-reply rule has spent with a model in this session (since the core started),
 * against the rule's cap. A reply's output allowance is reserved when it starts, so replies running
 * at once cannot each spend the same remainder; when it ends, what the provider reports (input and
 * output) replaces the reservation. A provider that reports nothing is charged the allowance, the
 * most the reply could have written; a request that failed before the model wrote anything, nothing.
 */
export class RuleSpending {
  private readonly spent = new Map<string, number>();

  left(ruleId: string, cap: number): number {
    return Math.max(0, cap - (this.spent.get(ruleId) ?? 0));
  }

  reserve(ruleId: string, allowance: number): void {
    this.add(ruleId, allowance);
  }

  /** Replaces a reservation with the reply's real cost: its usage, else the allowance if the model wrote anything. */
  settle(ruleId: string, allowance: number, usage: TokenUsage | undefined, wroteSomething: boolean): void {
    const reported = usage?.totalTokens ?? (usage?.inputTokens !== undefined || usage?.outputTokens !== undefined ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) : undefined);
    this.add(ruleId, (reported ?? (wroteSomething ? allowance : 0)) - allowance);
  }

  private add(ruleId: string, tokens: number): void {
    this.spent.set(ruleId, Math.max(0, (this.spent.get(ruleId) ?? 0) + tokens));
  }
}
