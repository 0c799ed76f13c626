import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import type { LoopOptions } from '../../../src/loop/types.ts';
import type { Task } from '../../../src/shared/task.ts';
import {
  code,
  failing,
  FakeModel,
  FakeRuntime,
  HE_PROMPT,
  heTask,
  mbppTask,
  pass,
  storedAttempt,
  type ModelStep,
  type RunStep,
} from './fakes.ts';

function setup(steps: ModelStep[], runs: RunStep[], extra: Partial<LoopOptions> = {}) {
  const model = new FakeModel(steps);
  const runtime = new FakeRuntime(runs);
  const events: string[] = [];
  const opts: LoopOptions = {
    task: mbppTask,
    model,
    runtime,
    settings: { maxIterations: 5, retryDelayMs: 0 },
    hooks: {
      onAttemptStart: (i) => void events.push(`start ${i}`),
      onAttempt: async (a) => {
        await new Promise((r) => setTimeout(r, 5));
        events.push(`saved ${a.index}`);
      },
    },
    ...extra,
  };
  return { model, runtime, events, opts, run: () => runLoop(opts) };
}

describe('the loop', () => {
  it('streams the reply, runs the candidate with the task tests, and waits for each attempt to be saved', async () => {
    const deltas: string[] = [];
    const t = setup([code(0)], [pass()]);
    t.opts.hooks.onModelDelta = (d) => void deltas.push(d);
    const out = await t.run();
    expect(deltas.join('')).toBe(code(0));
    expect(t.runtime.jobs[0]).toEqual({
      language: 'python',
      code: 'def add(a, b):\n    return a + b + 0',
      tests: mbppTask.tests,
      limits: mbppTask.limits,
    });
    expect(t.events).toEqual(['start 0', 'saved 0']);
    expect(out.attempts[0]).toMatchObject({
      source: 'model',
      reply: code(0),
      usage: { inputTokens: 100, outputTokens: 50 },
      feedback: 'All 2 tests pass.',
    });
  });

  it('the first request carries the task, the visible tests and the answer format', async () => {
    const t = setup([code(0)], [pass()]);
    await t.run();
    const req = t.model.requests[0];
    expect(req?.system).toContain('exactly one fenced ```python block');
    expect(req?.messages).toEqual([
      {
        role: 'user',
        content:
          'Write a function add(a, b) that returns the sum of a and b.\n\nYour code will be checked with these tests:\n' +
          '```python\nassert add(1, 2) == 3\nassert add(-1, 1) == 0\n```\n\nReply with the complete solution in a single fenced ```python block.',
      },
    ]);
  });

  it('a HumanEval body runs appended to the prompt, and the completion is what comes back', async () => {
    const t = setup(['```python\n    return [sum(xs[:i + 1]) for i in range(len(xs))]\n```'], [pass(1)], {
      task: heTask,
    });
    const out = await t.run();
    expect(t.runtime.jobs[0]?.code).toBe(`${HE_PROMPT}    return [sum(xs[:i + 1]) for i in range(len(xs))]`);
    expect(out.finalCandidate).toBe('    return [sum(xs[:i + 1]) for i in range(len(xs))]');
    expect(out.attempts[0]?.shape).toBe('body');
    expect(t.model.requests[0]?.messages[0]?.content).toContain(
      `Complete the following Python code:\n\`\`\`python\n${HE_PROMPT.trimEnd()}\n\`\`\``,
    );
  });

  it('a HumanEval prompt given as both prompt and starter code is shown once', async () => {
    const t = setup([code(0)], [pass(1)], { task: { ...heTask, starterCode: HE_PROMPT } });
    await t.run();
    expect(t.model.requests[0]?.messages[0]?.content.split('def running_sum')).toHaveLength(2);
  });

  it('a reply without code is a failed attempt, fed back as such', async () => {
    const t = setup(['Sure, I can help with that. What language?', code(0)], [pass()]);
    const out = await t.run();
    expect(out.attempts.map((a) => a.passed)).toEqual([false, true]);
    expect(t.runtime.jobs).toHaveLength(1);
    const repair = t.model.requests[1]?.messages ?? [];
    expect(repair[1]).toEqual({ role: 'assistant', content: 'Sure, I can help with that. What language?' });
    expect(repair[2]?.content).toContain('Your reply could not be run:\nYour reply contained no code.');
  });

  it('earlier attempts are summarised; only the latest candidate is sent in full', async () => {
    const runs = [failing(3, ['test_1']), failing(3, ['test_2', 'test_3']), failing(3, ['test_3']), pass(3)];
    const t = setup([code(1), code(2), code(3), code(0)], runs);
    await t.run();
    const last = t.model.requests[3]?.messages ?? [];
    expect(last).toHaveLength(3);
    expect(last[1]?.content).toBe(code(3));
    expect(last[2]?.content).toContain(
      'Earlier attempts:\n- attempt 1: failed 1/3 tests (test_1)\n- attempt 2: failed 2/3 tests (test_2, test_3)\n\nResult of running your code:\n1 of 3 tests failed:',
    );
    const all = JSON.stringify(last);
    expect(all).not.toContain('a + b + 1');
    expect(all).not.toContain('a + b + 2');
  });
});

describe('hidden tests', () => {
  const task: Task = {
    ...mbppTask,
    hiddenTests: { kind: 'mbpp', setup: '', asserts: ['assert add(10**20, 1) == 10**20 + 1  # SECRET'] },
  };
  const hiddenFail = failing(1, ['test_1']);
  hiddenFail.tests[0]!.source = 'assert add(10**20, 1) == 10**20 + 1  # SECRET';

  it('count in the verdict but are never described to the model', async () => {
    const output: string[] = [];
    const t = setup([code(1), code(0)], [pass(), { ...hiddenFail, stdout: 'SECRET output' }, pass(), pass(1)], {
      task,
    });
    t.opts.hooks.onRunOutput = (_s, text) => void output.push(text);
    const out = await t.run();
    expect(out.attempts.map((a) => a.passed)).toEqual([false, true]);
    expect(out.attempts[0]?.hidden).toEqual({ total: 1, failed: 1, status: 'failed' });
    expect(out.attempts[0]?.feedback).toBe('All 2 visible tests pass.\n\n1 hidden test failed.');
    expect(JSON.stringify(t.model.requests)).not.toContain('SECRET');
    expect(t.runtime.jobs.map((j) => j.tests)).toEqual([task.tests, task.hiddenTests, task.tests, task.hiddenTests]);
    expect(output.join('')).not.toContain('SECRET');
  });
});

describe('resume and edited code', () => {
  const earlier = [
    storedAttempt(0, 'def add(a, b):\n    return a - b', failing(2, ['test_1', 'test_2'])),
    storedAttempt(1, 'def add(a, b):\n    return a * b', failing(2, ['test_2'])),
  ];

  it('resumes an interrupted session from its attempts', async () => {
    const t = setup([code(0)], [pass()], { startFrom: { attempts: earlier } });
    const out = await t.run();
    expect(out.endReason).toBe('passed');
    expect(out.attempts.map((a) => a.index)).toEqual([0, 1, 2]);
    expect(t.events).toEqual(['start 2', 'saved 2']);
    const msgs = t.model.requests[0]?.messages ?? [];
    expect(msgs[1]?.content).toBe('```python\ndef add(a, b):\n    return a * b\n```');
    expect(msgs[2]?.content).toContain(
      'Earlier attempts:\n- attempt 1: failed 2/2 tests (test_1, test_2)\n\nResult of running your code:\nstored feedback',
    );
  });

  it('runs code edited by hand first, as an attempt by the user, and stops there if it passes', async () => {
    const t = setup([], [pass()], { startFrom: { attempts: earlier, editedCode: 'def add(a, b):\n    return a + b' } });
    const out = await t.run();
    expect(out).toMatchObject({ endReason: 'passed', endMessage: 'Passed: the edited code passes all 2 tests.' });
    expect(out.attempts[2]).toMatchObject({
      index: 2,
      source: 'user',
      candidate: 'def add(a, b):\n    return a + b',
      messages: [],
    });
    expect(t.model.requests).toHaveLength(0);
  });

  it('continues from edited code that fails, without passing it off as the model’s', async () => {
    const t = setup([code(0)], [failing(2, ['test_1']), pass()], {
      startFrom: { attempts: earlier, editedCode: 'def add(a, b):\n    return b' },
    });
    const out = await t.run();
    expect(out.attempts.map((a) => a.source)).toEqual(['model', 'model', 'user', 'model']);
    const msgs = t.model.requests[0]?.messages ?? [];
    expect(msgs).toHaveLength(1);
    expect(msgs[0]?.content).toContain(
      'The code was edited by hand to:\n```python\ndef add(a, b):\n    return b\n```\n\nRunning it gave:\n1 of 2 tests failed:',
    );
  });

  it('a session whose last attempt passed is already done', async () => {
    const done = [...earlier, storedAttempt(2, 'def add(a, b):\n    return a + b', pass())];
    const t = setup([], [], { startFrom: { attempts: done } });
    const out = await t.run();
    expect(out).toMatchObject({
      passed: true,
      endReason: 'passed',
      finalCandidate: 'def add(a, b):\n    return a + b',
    });
  });
});

describe('stopping', () => {
  it('Stop during the model call ends the session; the attempt in flight is not reported', async () => {
    const ctl = new AbortController();
    const t = setup([code(1), { hang: true, partial: '```python\ndef add(' }], [failing(2, ['test_1'])], {
      signal: ctl.signal,
    });
    t.opts.hooks.onAttemptStart = (i) => void (i === 1 && setTimeout(() => ctl.abort(), 10));
    const out = await t.run();
    expect(out).toMatchObject({ passed: false, endReason: 'stopped', endMessage: 'Stopped by the user.' });
    expect(out.attempts).toHaveLength(1);
    expect(t.events).toEqual(['saved 0']);
  });

  it('Stop works even when the endpoint client ignores the signal', async () => {
    const ctl = new AbortController();
    const t = setup([{ hang: true, ignoreAbort: true }], [], { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 10);
    const out = await t.run();
    expect(out.endReason).toBe('stopped');
    expect(out.attempts).toHaveLength(0);
  });

  it('Stop during a run cancels the run', async () => {
    const ctl = new AbortController();
    const t = setup([code(1)], [{ hang: true }], { signal: ctl.signal });
    t.opts.hooks.onStatus = (s) => void (s.startsWith('Running') && setTimeout(() => ctl.abort(), 5));
    const out = await t.run();
    expect(out.endReason).toBe('stopped');
    expect(out.attempts).toHaveLength(0);
    expect(t.runtime.cancelled).toBe(1);
  });

  it('an already stopped signal asks nothing', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const t = setup([code(1)], [], { signal: ctl.signal });
    expect((await t.run()).endReason).toBe('stopped');
    expect(t.model.requests).toHaveLength(0);
  });
});
