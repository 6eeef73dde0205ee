import type { RuleSpend, TokenUsage } from '../../../shared/models.js';

/**
 * Tokens each auto-reply rule has spent with a model in this session (since the core started),
 * against the rule's cap. A reply's output allowance is reserved when it starts, so replies running
 * at once cannot each spend the same remainder; when it ends, what the provider reports (input and
 * output) replaces the reservation. A provider that reports nothing is charged the allowance, the
 * most the reply could have written; a request that failed before the model wrote anything, nothing.
 * Every change is reported (`changed`), so the window can show each rule's spend beside it.
 */
export class RuleSpending {
  private readonly spends = new Map<string, RuleSpend>();

  constructor(private readonly changed: (spends: RuleSpend[]) => void = () => {}) {}

  left(ruleId: string, cap: number): number {
    return Math.max(0, cap - (this.spends.get(ruleId)?.spentTokens ?? 0));
  }

  reserve(ruleId: string, allowance: number): void {
    this.update(ruleId, allowance, allowance, 0);
  }

  /** Replaces a reservation with the reply's real cost: its usage, else the allowance if the model wrote anything. */
  settle(ruleId: string, allowance: number, usage: TokenUsage | undefined, wroteSomething: boolean): void {
    const reported = usage?.totalTokens ?? (usage?.inputTokens !== undefined || usage?.outputTokens !== undefined ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) : undefined);
    this.update(ruleId, (reported ?? (wroteSomething ? allowance : 0)) - allowance, -allowance, 0);
  }

  /** The cap was spent, so a request was left to the person. */
  heldBack(ruleId: string): void {
    this.update(ruleId, 0, 0, 1);
  }

  list(): RuleSpend[] {
    return [...this.spends.values()].map((spend) => ({ ...spend }));
  }

  private update(ruleId: string, tokens: number, reserved: number, heldBack: number): void {
    const spend = this.spends.get(ruleId) ?? { ruleId, spentTokens: 0, reservedTokens: 0, heldBack: 0 };
    spend.spentTokens = Math.max(0, spend.spentTokens + tokens);
    spend.reservedTokens = Math.max(0, spend.reservedTokens + reserved);
    spend.heldBack += heldBack;
    this.spends.set(ruleId, spend);
    this.changed(this.list());
  }
}
