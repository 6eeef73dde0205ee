import { describe, expect, it } from 'vitest';
import { RuleSpending } from '../../main/core/models/rule-spending.js';

describe('a rule\'s token cap for the session', () => {
  it('reserves each reply\'s allowance while it runs, so replies at once cannot spend the same remainder', () => {
    const spending = new RuleSpending();
    spending.reserve('r', 60);
    expect(spending.left('r', 100)).toBe(40);
    spending.reserve('r', 40);
    expect(spending.left('r', 100)).toBe(0);
    // The first reply cost 30 tokens in all, the second failed before the model wrote anything.
    spending.settle('r', 60, { inputTokens: 20, outputTokens: 10 }, true);
    spending.settle('r', 40, undefined, false);
    expect(spending.left('r', 100)).toBe(70);
    expect(spending.left('other', 100)).toBe(100);
  });

  it('charges the whole allowance when the provider reports no usage for a reply it wrote', () => {
    const spending = new RuleSpending();
    spending.reserve('r', 25);
    spending.settle('r', 25, {}, true);
    expect(spending.left('r', 100)).toBe(75);
    spending.reserve('r', 10);
    spending.settle('r', 10, { totalTokens: 90 }, true);
    expect(spending.left('r', 100)).toBe(0);
  });

  it('reports each rule\'s spend on every change: tokens, what running replies hold, and requests held back at the cap', () => {
    const reports: unknown[] = [];
    const spending = new RuleSpending((spends) => reports.push(spends));
    expect(spending.list()).toEqual([]);
    spending.reserve('r', 60);
    expect(reports.at(-1)).toEqual([{ ruleId: 'r', spentTokens: 60, reservedTokens: 60, heldBack: 0 }]);
    spending.settle('r', 60, { totalTokens: 1_234 }, true);
    expect(reports.at(-1)).toEqual([{ ruleId: 'r', spentTokens: 1_234, reservedTokens: 0, heldBack: 0 }]);
    spending.heldBack('r');
    spending.reserve('s', 5);
    expect(reports).toHaveLength(4);
    expect(spending.list()).toEqual([
      { ruleId: 'r', spentTokens: 1_234, reservedTokens: 0, heldBack: 1 },
      { ruleId: 's', spentTokens: 5, reservedTokens: 5, heldBack: 0 },
    ]);
  });
});
