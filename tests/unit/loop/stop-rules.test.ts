import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import type { LoopOptions } from '../../../src/loop/types.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import { code, failing, FakeModel, FakeRuntime, mbppTask, pass, type ModelStep, type RunStep } from './fakes.ts';

function setup(steps: ModelStep[], runs: RunStep[], extra: Partial<LoopOptions> = {}, fallback?: RunStep) {
  const model = new FakeModel(steps);
  const runtime = new FakeRuntime(runs, fallback);
  const saved: Attempt[] = [];
  const opts: LoopOptions = {
    task: mbppTask,
    model,
    runtime,
    settings: { maxIterations: 5, retryDelayMs: 0 },
    hooks: { onAttempt: (a) => void saved.push(a) },
    ...extra,
  };
  return { model, runtime, saved, run: () => runLoop(opts) };
}

/** Failures that differ every time, so only the rule under test can stop the loop. */
const varied = (i: number) => failing(3, [i % 2 === 0 ? 'test_1' : 'test_2'], `#${i}`);

describe('stop rules', () => {
  it('ends as passed when the tests pass, after feeding the failure back', async () => {
    const t = setup([code(1), code(0)], [failing(2, ['test_2']), pass()]);
    const out = await t.run();
    expect(out).toMatchObject({
      passed: true,
      endReason: 'passed',
      endMessage: 'Passed: attempt 2 passes all 2 tests.',
    });
    expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b + 0');
    expect(t.saved.map((a) => [a.index, a.passed])).toEqual([
      [0, false],
      [1, true],
    ]);
    const repair = t.model.requests[1]?.messages.at(-1)?.content ?? '';
    expect(repair).toContain('1 of 2 tests failed:\n1. test_2: assert add(1, 1) == 2\n   expected: 2\n   actual:   1');
    expect(repair).toContain('Fix the code. Reply with the complete solution in a single fenced ```python block.');
  });

  it('stops at the iteration cap', async () => {
    const t = setup([code(1), code(2), code(3), code(4)], [varied(1), varied(2), varied(3), varied(4)], {
      settings: { maxIterations: 3 },
    });
    const out = await t.run();
    expect(out.endReason).toBe('iteration-cap');
    expect(out.endMessage).toMatch(/^Stopped after 3 attempts\b.*\biteration cap is 3\b/);
    expect(out.attempts).toHaveLength(3);
    expect(t.model.requests).toHaveLength(3);
  });

  it('defaults to five iterations', async () => {
    const steps = Array.from({ length: 7 }, (_, i) => code(i));
    const runs = Array.from({ length: 7 }, (_, i) => varied(i));
    const out = await setup(steps, runs, { settings: { maxIterations: 0 } }).run();
    expect(out.endReason).toBe('iteration-cap');
    expect(out.attempts).toHaveLength(5);
  });

  it('stops at the token budget', async () => {
    const usage = { inputTokens: 500, outputTokens: 100 };
    const steps = [1, 2, 3].map((i) => ({ reply: code(i), usage }));
    const out = await setup(steps, [varied(1), varied(2), varied(3)], {
      settings: { maxIterations: 5, tokenBudget: 1000 },
    }).run();
    expect(out.endReason).toBe('token-budget');
    expect(out.attempts).toHaveLength(2);
    expect(out.usage).toEqual({ inputTokens: 1000, outputTokens: 200 });
    expect(out.endMessage).toBe('Used 1,200 tokens, the token budget is 1,000.');
  });

  it('does not send a request that alone would go over the token budget', async () => {
    const t = setup([code(1)], [], { settings: { maxIterations: 5, tokenBudget: 50 } });
    const out = await t.run();
    expect(out.endReason).toBe('token-budget');
    expect(t.model.requests).toHaveLength(0);
    expect(out.endMessage).toMatch(
      /^The next request \(about [\d,]+ tokens\) would go over the token budget of 50; 0 tokens used so far\.$/,
    );
  });

  it('stops at the wall-clock budget, timing each attempt', async () => {
    let clock = 0;
    const t = setup(
      [code(1), code(2), code(3), code(4)],
      [1, 2, 3, 4].map((i) => () => ((clock += 2_000), varied(i))),
      {
        settings: { maxIterations: 10, timeBudgetSec: 100 },
        now: () => clock,
      },
    );
    t.model.onCall = () => void (clock += 40_000);
    const out = await t.run();
    expect(out.endReason).toBe('time-budget');
    expect(out.endMessage).toBe('Ran for 126 s, the time budget is 100 s.');
    expect(out.attempts).toHaveLength(3);
    expect(out.attempts.map((a) => [a.modelMs, a.runMs])).toEqual([
      [40_000, 2_000],
      [40_000, 2_000],
      [40_000, 2_000],
    ]);
    expect(out).toMatchObject({ modelMs: 120_000, runMs: 6_000, elapsedMs: 126_000 });
  });

  it('the time budget also ends a model call that is still going', async () => {
    const t = setup([code(1), { hang: true }], [varied(1)], { settings: { maxIterations: 5, timeBudgetSec: 0.05 } });
    const out = await t.run();
    expect(out.endReason).toBe('time-budget');
    expect(out.endMessage).toMatch(/^Ran for 0\.\d s, the time budget is 0\.05 s\.$/);
    expect(t.saved).toHaveLength(1);
  });

  it('ends with endpoint-failed, the message and the hint, when the endpoint refuses the key', async () => {
    const error = {
      kind: 'auth' as const,
      message: 'The endpoint refused the API key (401).',
      hint: 'Check the key in Settings.',
      status: 401,
    };
    const t = setup([{ error }], []);
    const out = await t.run();
    expect(out).toMatchObject({
      passed: false,
      endReason: 'endpoint-failed',
      endMessage: 'The endpoint refused the API key (401). Check the key in Settings.',
    });
    expect(out.error).toEqual(error);
    expect(out.attempts).toHaveLength(0);
    expect(t.model.requests).toHaveLength(1);
  });

  it('an endpoint that dies mid-loop ends the session and keeps the attempts made', async () => {
    const t = setup(
      [
        code(1),
        { error: { kind: 'network', message: 'Could not reach http://fake.' } },
        { error: { kind: 'network', message: 'Could not reach http://fake.' } },
      ],
      [varied(1)],
    );
    const out = await t.run();
    expect(out.endReason).toBe('endpoint-failed');
    expect(out.endMessage).toBe('Could not reach http://fake.');
    expect(t.saved).toHaveLength(1);
    expect(t.model.requests).toHaveLength(3); // one retry of a network fault, then give up
  });

  it('retries an overload that cut a stream short (the client cannot), but not one before any text', async () => {
    const overloaded = { kind: 'overloaded' as const, message: 'Anthropic is overloaded while streaming the reply.' };
    const resets: number[] = [];
    const t = setup([{ error: overloaded, partial: 'I will' }, code(0)], [pass()], {
      hooks: { onAttempt: () => {}, onModelReset: () => void resets.push(1) },
    });
    expect((await t.run()).endReason).toBe('passed');
    expect(resets).toHaveLength(1);
    const early = setup([{ error: overloaded }], []);
    expect((await early.run()).endReason).toBe('endpoint-failed');
    expect(early.model.requests).toHaveLength(1);
  });

  it('retries once after a passing server fault', async () => {
    const t = setup([{ error: { kind: 'server', message: 'Stream ended early.' } }, code(0)], [pass()]);
    const out = await t.run();
    expect(out.endReason).toBe('passed');
    expect(out.attempts).toHaveLength(1);
  });
});

describe('stuck detection', () => {
  it('the same failure three times: one change of tactic, then stop', async () => {
    const same = () => failing(3, ['test_2']);
    const t = setup([code(1), code(2), code(3), code(4), code(5)], [], {}, same);
    const out = await t.run();
    expect(out.endReason).toBe('stuck');
    expect(out.endMessage).toBe(
      'Stuck: the same failure 4 times in a row, even after asking for a different approach.',
    );
    expect(out.attempts).toHaveLength(4);
    const asked = t.model.requests.map((r) =>
      (r.messages.at(-1)?.content ?? '').includes('solve it with a different approach'),
    );
    expect(asked).toEqual([false, false, false, true]);
    expect(out.attempts.map((a) => a.tactic ?? false)).toEqual([false, false, false, true]);
  });

  it('the same code again (up to whitespace) triggers the change of tactic at once', async () => {
    const again = '```python\ndef add(a, b):   \n\n    return a + b + 1\n```';
    const t = setup([code(1), again, code(0)], [varied(1), varied(2), pass()]);
    const out = await t.run();
    expect(out.endReason).toBe('passed');
    expect(t.model.requests[2]?.messages.at(-1)?.content).toContain('Do not patch the previous code again');
  });

  it('the same code after the change of tactic stops the loop', async () => {
    const t = setup([code(1), code(1), code(1)], [varied(1), varied(2), varied(3)]);
    const out = await t.run();
    expect(out.endReason).toBe('stuck');
    expect(out.endMessage).toBe(
      'Stuck: attempt 3 repeated the code of attempt 1, even after asking for a different approach.',
    );
  });

  it('a different failure in between resets the count', async () => {
    const a = () => failing(3, ['test_1']);
    const b = () => failing(3, ['test_2']);
    const t = setup([1, 2, 3, 4, 5].map(code), [a(), a(), b(), a(), a()]);
    const out = await t.run();
    expect(out.endReason).toBe('iteration-cap');
    expect(t.model.requests.every((r) => !(r.messages.at(-1)?.content ?? '').includes('different approach'))).toBe(
      true,
    );
  });

  it('replies without code three times in a row count as stuck too', async () => {
    const t = setup(['I cannot help.', 'Still no.', 'No.', 'Nope.'], []);
    const out = await t.run();
    expect(out.endReason).toBe('stuck');
    expect(out.attempts.map((a) => a.candidate)).toEqual([undefined, undefined, undefined, undefined]);
    expect(out.attempts[0]?.feedback).toBe(
      'Your reply contained no code. Reply with the complete solution in a single fenced ```python block.',
    );
  });
});
