import { describe, expect, it } from 'vitest';
import { buildConversation, fitConversation, requestTokens, shrink } from '../../../src/loop/budget.ts';
import { runLoop } from '../../../src/loop/engine.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import { code, failing, FakeModel, FakeRuntime, mbppTask, pass, storedAttempt } from './fakes.ts';

/** A long session: each attempt failed with a traceback and a lot of printed output. */
function longSession(n: number): Attempt[] {
  return Array.from({ length: n }, (_, i) => {
    const result: RunResult = {
      ...failing(6, ['test_1', 'test_2', 'test_3', 'test_4', 'test_5', 'test_6'], `-${i}`),
      stdout: Array.from({ length: 800 }, (_, k) => `debug ${i}.${k}`).join('\n'),
      exception: {
        type: 'IndexError',
        message: 'list index out of range',
        traceback: 'Traceback (most recent call last):\n' + '  File "<exec>", line 2, in add\n'.repeat(40),
        line: 2,
      },
    };
    const candidate = `def add(a, b):\n    xs = [a, b]\n    return xs[${i + 2}]`;
    return storedAttempt(i, candidate, result, { feedback: undefined });
  });
}

const lastText = (a: { request: { messages: { content: string }[] } }): string =>
  a.request.messages.at(-1)?.content ?? '';

describe('context budget', () => {
  it('a long session is summarised: one line per earlier attempt, the latest in full', () => {
    const conv = buildConversation({ task: mbppTask, history: longSession(6), tactic: false, showTests: true });
    const text = lastText(conv);
    expect(text).toContain('- attempt 1: failed 6/6 tests (test_1, test_2, test_3, …), IndexError at line 2\n');
    expect(text).toContain('- attempt 5: failed 6/6 tests');
    expect(conv.request.messages[1]?.content).toBe('```python\ndef add(a, b):\n    xs = [a, b]\n    return xs[7]\n```');
    expect(JSON.stringify(conv.request)).not.toContain('xs[6]');
  });

  it('fits the budget by lowering detail, keeping the latest candidate whole', () => {
    const input = { task: mbppTask, history: longSession(20), tactic: false, showTests: true };
    const full = buildConversation(input, 0);
    const fitted = fitConversation(input, 1500);
    expect(full.tokens).toBeGreaterThan(1500);
    expect(fitted.tokens).toBeLessThanOrEqual(1500);
    expect(fitted.tokens).toBe(requestTokens(fitted.request));
    expect(fitted.request.messages[1]?.content).toContain('return xs[21]');
    expect(fitConversation(input, 100_000).level).toBe(0);
  });

  it('shrink drops summaries, then output, then cuts the feedback, and ends', () => {
    let conv = buildConversation({ task: mbppTask, history: longSession(10), tactic: false, showTests: true });
    const steps: { tokens: number; summaries: number; output: boolean; failuresListed: number }[] = [];
    for (let c: typeof conv | undefined = conv; c; c = shrink(c)) {
      const text = lastText(c);
      steps.push({
        tokens: c.tokens,
        summaries: (text.match(/^- attempt \d+/gm) ?? []).length,
        output: text.includes('Output (stdout'),
        failuresListed: (text.match(/^\d+\. test_/gm) ?? []).length,
      });
      conv = c;
    }
    expect(steps.map((s) => s.summaries)).toEqual([9, 3, 0, 0]);
    expect(steps.map((s) => s.output)).toEqual([true, true, true, false]);
    expect(steps.map((s) => s.failuresListed)).toEqual([5, 5, 3, 1]);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.tokens).toBeLessThan(steps[i - 1]!.tokens);
    expect(lastText(conv)).toContain('(9 earlier attempts not shown)');
  });

  it('when the endpoint says the context is too long, the loop retries with a smaller conversation', async () => {
    const model = new FakeModel([
      { error: { kind: 'context-length', message: 'This model’s maximum context length is 4096 tokens.' } },
      code(0),
    ]);
    const statuses: string[] = [];
    const out = await runLoop({
      task: mbppTask,
      model,
      runtime: new FakeRuntime([pass()]),
      settings: { maxIterations: 5 },
      startFrom: { attempts: longSession(6) },
      hooks: { onAttempt: () => {}, onStatus: (s) => void statuses.push(s) },
    });
    expect(out.endReason).toBe('passed');
    const [first, second] = model.requests.map((r) => requestTokens(r));
    expect(second).toBeLessThan(first!);
    expect(JSON.stringify(model.requests[0])).toContain('attempt 1:');
    expect(JSON.stringify(model.requests[1])).not.toContain('attempt 1:');
    expect(
      statuses.some((s) => /\btoo long\b.*\bretrying\b/.test(s)),
      statuses.join('\n'),
    ).toBe(true);
    expect(out.attempts.at(-1)?.messages).toEqual(model.requests[1]?.messages);
  });

  it('gives up after a bounded number of shrinks, with the endpoint’s message', async () => {
    const error = {
      kind: 'context-length' as const,
      message: 'Prompt too long.',
      hint: 'Use a model with a larger context window.',
    };
    const model = new FakeModel(Array.from({ length: 10 }, () => ({ error })));
    const out = await runLoop({
      task: mbppTask,
      model,
      runtime: new FakeRuntime([]),
      settings: { maxIterations: 5, maxShrinks: 3 },
      startFrom: { attempts: longSession(6) },
      hooks: { onAttempt: () => {} },
    });
    expect(out).toMatchObject({
      endReason: 'endpoint-failed',
      endMessage: 'Prompt too long. Use a model with a larger context window.',
    });
    expect(model.requests).toHaveLength(4);
  });
});
