import type { TokenUsage } from '../../../shared/models.js';

/**
 * Tokens each auto-reply rule has spent with a model in this session (since the core started),
 * against the rule's cap. Tokens are what the provider reports (input and output); a provider
 * that reports none is charged the reply's whole output allowance, the most it could have used.
 */
export class RuleSpending {
  private readonly spent = new Map<string, number>();

  used(ruleId: string): number {
    return this.spent.get(ruleId) ?? 0;
  }

  left(ruleId: string, cap: number): number {
    return Math.max(0, cap - this.used(ruleId));
  }

  charge(ruleId: string, usage: TokenUsage, outputAllowance: number): number {
    const reported = usage.totalTokens ?? (usage.inputTokens !== undefined || usage.outputTokens !== undefined ? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) : undefined);
    const total = this.used(ruleId) + (reported ?? outputAllowance);
    this.spent.set(ruleId, total);
    return total;
  }
}
