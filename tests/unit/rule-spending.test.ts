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
});
