import { describe, expect, it } from 'vitest';
import { buildConversation } from '../../../src/loop/budget.ts';
import { runLoop } from '../../../src/loop/engine.ts';
import { usageFrom } from '../../../src/models/usage.ts';
import { storedAttempt, mbppTask, FakeModel, FakeRuntime, pass, code, failing } from '../loop/fakes.ts';

describe('one estimate of a request’s size', () => {
  it('the size the loop plans for is the input the usage shows when the endpoint reports none', () => {
    const history = [storedAttempt(0, 'def add(a, b):\n    return a - b', failing(2, ['test_1']))];
    for (const input of [
      { task: mbppTask, history: [], tactic: false, showTests: true },
      { task: mbppTask, history, tactic: true, showTests: true },
    ]) {
      const conv = buildConversation(input);
      expect(conv.tokens).toBeGreaterThan(0);
      expect(usageFrom({}, conv.request, '').inputTokens).toBe(conv.tokens);
    }
  });

  it('a token budget stops the loop before a request its own estimate says is too big', async () => {
    const size = buildConversation({ task: mbppTask, history: [], tactic: false, showTests: true }).tokens;
    const run = (tokenBudget: number) =>
      runLoop({
        task: mbppTask,
        model: new FakeModel([code(0)]),
        runtime: new FakeRuntime([pass()]),
        settings: { maxIterations: 1, tokenBudget },
        hooks: { onAttempt: () => {} },
      });
    expect((await run(size - 1)).endReason).toBe('token-budget');
    expect((await run(size + 1000)).endReason).toBe('passed');
  });
});
