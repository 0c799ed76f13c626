import { describe, expect, it } from 'vitest';
import { buildConversation, fitConversation } from '../../../src/loop/budget.ts';
import { runLoop } from '../../../src/loop/engine.ts';
import { type LoopOptions } from '../../../src/loop/types.ts';
import { attemptCycle, beforeCall, conclude } from '../../../src/loop/cycle.ts';
import { blankAttempt, nextIndex, stopped, type LoopState } from '../../../src/loop/state.ts';
import type { Strategy } from '../../../src/loop/strategy.ts';
import { ask, extract, run } from '../../../src/loop/steps.ts';
import { isStopped } from '../../../src/loop/stopped.ts';
import { code, failing, FakeModel, FakeRuntime, mbppTask, pass, type ModelStep, type RunStep } from './fakes.ts';

function options(steps: ModelStep[], runs: RunStep[]): LoopOptions & { model: FakeModel; runtime: FakeRuntime } {
  return {
    task: mbppTask,
    model: new FakeModel(steps),
    runtime: new FakeRuntime(runs),
    settings: { maxIterations: 3, retryDelayMs: 0 },
    hooks: { onAttempt: () => {} },
  };
}

const conversationOf = (s: LoopState) =>
  fitConversation({ task: s.opts.task, history: s.attempts, tactic: s.tactic, showTests: true });

/** Asks for a diagnosis of the latest failure before each repair attempt, as reflexion does. */
const reflect: Strategy = {
  async step(s) {
    const limit = beforeCall(s);
    if (limit) return limit;
    const conversation = conversationOf(s);
    if (s.attempts.length > 0) {
      const req = conversation.request;
      const question = { role: 'user' as const, content: 'Say in one sentence what went wrong.' };
      const diagnosis = await ask(s, { ...conversation, request: { ...req, messages: [...req.messages, question] } });
      if (isStopped(diagnosis)) return stopped(s);
      if ('verdict' in diagnosis) return diagnosis;
    }
    return attemptCycle(s, conversation);
  },
};

/** Two samples from one conversation, the first that passes kept: one attempt per step. */
const bestOfTwo: Strategy = {
  async step(s) {
    const limit = beforeCall(s);
    if (limit) return limit;
    const conversation = buildConversation({ task: s.opts.task, history: s.attempts, tactic: false, showTests: true });
    const replies = await Promise.all([ask(s, conversation), ask(s, conversation)]);
    s.iterations++;
    const index = nextIndex(s);
    let last;
    for (const r of replies) {
      if (isStopped(r)) return stopped(s);
      if ('verdict' in r) return r;
      const got = extract(s, r.text);
      if (got.kind === 'no-code') continue;
      const a = await run(s, got, { ...blankAttempt(s, index), reply: r.text, usage: r.usage, messages: r.messages });
      if (isStopped(a)) return stopped(s);
      last = a;
      if (a.passed) break;
    }
    return last && conclude(s, last);
  },
};

describe('strategies built from the steps of an attempt', () => {
  it('an extra model call before each attempt counts towards usage but not the iteration cap', async () => {
    const o = options([code(1), 'the sum is off by one', code(0)], [failing(2, ['test_1']), pass()]);
    o.settings.maxIterations = 2;
    const out = await runLoop(o, reflect);
    expect(out.passed).toBe(true);
    expect(out.attempts.map((a) => a.candidate)).toEqual([
      'def add(a, b):\n    return a + b + 1',
      'def add(a, b):\n    return a + b + 0',
    ]);
    expect(o.model.requests.at(1)?.messages.at(-1)?.content).toBe('Say in one sentence what went wrong.');
    expect(out.usage).toEqual({ inputTokens: 300, outputTokens: 150 });
  });

  it('samples that run side by side end up as one recorded attempt', async () => {
    const o = options([code(1), code(0)], [failing(2, ['test_1']), pass()]);
    const out = await runLoop(o, bestOfTwo);
    expect(out.passed).toBe(true);
    expect(out.attempts).toHaveLength(1);
    expect(out.attempts[0]?.candidate).toBe('def add(a, b):\n    return a + b + 0');
    expect(out.endMessage).toBe('Passed: attempt 1 passes all 2 tests.');
    expect(o.runtime.jobs).toHaveLength(2);
  });

  it('the plain loop is still the default', async () => {
    const o = options([code(1), code(0)], [failing(2, ['test_1']), pass()]);
    const out = await runLoop(o);
    expect(out.attempts.map((a) => a.passed)).toEqual([false, true]);
  });
});
