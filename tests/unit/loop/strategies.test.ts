// Each strategy through the whole loop, with a scripted model whose replies differ for identical
// requests: reflexion's diagnoses, best-of-n's selection by behaviour, codet's agreement ranking
// and suspect tests, and the budgets they share with plain repair.
import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import { REFLECT_TEXT } from '../../../src/loop/prompt.ts';
import { INPUTS } from '../../../src/loop/strategies/inputs.ts';
import { STRATEGIES } from '../../../src/loop/strategies/registry.ts';
import type { LoopOptions, LoopSettings } from '../../../src/loop/types.ts';
import { STRATEGY_NAMES } from '../../../src/shared/strategy.ts';
import type { Task } from '../../../src/shared/task.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { code, failing, FakeModel, FakeRuntime, mbppTask, pass, type ModelStep } from './fakes.ts';
import { hasPython, NativePython } from './native-python.ts';

function setup(steps: ModelStep[], runtime: Runtime, settings: Partial<LoopSettings>, task: Task = mbppTask) {
  const model = new FakeModel(steps);
  const opts: LoopOptions = {
    task,
    model,
    runtime,
    settings: { maxIterations: 3, retryDelayMs: 0, ...settings },
    hooks: { onAttempt: () => {} },
  };
  return { model, run: () => runLoop(opts), opts };
}

const fenced = (body: string, tests = ''): string =>
  `\`\`\`python\ndef add(a, b):\n    ${body}\n\`\`\`${tests ? `\n\nTests:\n\`\`\`python\n${tests}\n\`\`\`` : ''}`;
const lastMessage = (m: FakeModel, i: number): string => m.requests[i]?.messages.at(-1)?.content ?? '';

describe('the strategy registry', () => {
  it('has a label and a one-line explanation for every strategy name', () => {
    for (const name of STRATEGY_NAMES) {
      expect(STRATEGIES[name].name).toBe(name);
      expect(STRATEGIES[name].label).not.toBe('');
      expect(STRATEGIES[name].explanation).not.toMatch(/\n/);
    }
    expect(STRATEGY_NAMES.filter((n) => STRATEGIES[n].sampled)).toEqual(['best-of-n', 'codet']);
  });

  it('the loop runs the strategy the settings name, and counts its calls', async () => {
    const t = setup([code(1), 'It adds one too many.', code(0)], new FakeRuntime([failing(2, ['test_1']), pass()]), {
      strategy: { name: 'reflexion', trace: true },
    });
    const out = await t.run();
    expect(out).toMatchObject({ passed: true, strategy: 'reflexion', modelCalls: 3, samples: 2 });
    const plain = await setup([code(0)], new FakeRuntime([pass()]), {}).run();
    expect(plain).toMatchObject({ strategy: 'repair', modelCalls: 1, samples: 1 });
  });
});

describe('reflexion', () => {
  it('asks for a diagnosis after a failed run, keeps it with the next attempt, and every later request carries the notes', async () => {
    const runs = [failing(2, ['test_1']), failing(2, ['test_2']), pass()];
    const t = setup(
      [code(1), 'The code adds ```python\nx\n``` one too many.', code(2), 'Still off by two.', code(0)],
      new FakeRuntime(runs),
      { strategy: { name: 'reflexion' } },
    );
    const out = await t.run();
    expect(out.passed).toBe(true);
    expect(out.attempts.map((a) => a.reflection)).toEqual([
      undefined,
      'The code adds one too many.',
      'Still off by two.',
    ]);
    // The diagnosis call has its own closing: no code is asked for.
    expect(lastMessage(t.model, 1)).toContain(REFLECT_TEXT);
    expect(lastMessage(t.model, 1)).not.toContain('Fix the code.');
    expect(lastMessage(t.model, 2)).toContain('Your notes on earlier failures:\n- The code adds one too many.');
    expect(lastMessage(t.model, 4)).toContain('- The code adds one too many.\n- Still off by two.');
    expect(lastMessage(t.model, 4)).toContain('Fix the code.');
    expect(out.modelCalls).toBe(5);
  });

  it('the diagnosis counts towards the token budget: no attempt is started past it', async () => {
    const diagnosis = { reply: 'Off by one.', usage: { inputTokens: 900, outputTokens: 100 } };
    const t = setup([code(1), diagnosis], new FakeRuntime([failing(2, ['test_1'])]), {
      strategy: { name: 'reflexion' },
      tokenBudget: 1000,
    });
    const out = await t.run();
    expect(out.endReason).toBe('token-budget');
    expect(out.attempts).toHaveLength(1);
    expect(t.model.requests).toHaveLength(2);
    expect(out.usage.inputTokens + out.usage.outputTokens).toBe(1150);
  });
});

describe.skipIf(!hasPython)('best-of-n (samples run in native CPython)', () => {
  it('draws N samples of one request and takes the largest group that behaves alike, even when the first sample is wrong', async () => {
    const samples = [
      fenced('return a + b if a < 2 else 0'), // passes the visible tests, wrong elsewhere
      fenced('return a + b'),
      fenced('return b + a'),
      fenced('return a - b'), // fails the visible tests
      fenced('return sum([a, b])'),
    ];
    const runtime = new NativePython();
    const t = setup(samples, runtime, { strategy: { name: 'best-of-n', samples: 5 } });
    const out = await t.run();
    expect(t.model.requests).toHaveLength(5);
    expect(new Set(t.model.requests.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(out).toMatchObject({ passed: true, samples: 5, modelCalls: 5 });
    expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b');
    const sel = out.attempts[0]!.selection!;
    expect(sel.groups).toEqual([3, 1]);
    expect(sel).toMatchObject({ chosen: 1, chosenSize: 3, inputs: INPUTS });
    expect(sel.samples.map((x) => x.ok)).toEqual([true, true, true, false, true]);
    expect(sel.samples.map((x) => x.group)).toEqual([1, 0, 0, undefined, 0]);
    expect(sel.why).toContain(`4 of 5 samples passed the visible tests; 3 of them behave alike on ${INPUTS} inputs`);
    // The attempt carries every sample's tokens.
    expect(out.attempts[0]!.usage).toEqual({ inputTokens: 500, outputTokens: 250 });
  });

  it('with no literal arguments to mutate, the earliest passing sample is taken', async () => {
    const task: Task = { ...mbppTask, tests: { kind: 'mbpp', setup: 'x = 1', asserts: ['assert add(x, 2) == 3'] } };
    const t = setup(
      [fenced('return a - b'), fenced('return a + b + 0'), fenced('return a + b')],
      new NativePython(),
      { strategy: { name: 'best-of-n', samples: 3 } },
      task,
    );
    const out = await t.run();
    expect(out.passed).toBe(true);
    expect(out.attempts[0]!.selection).toMatchObject({ groups: [2], chosen: 1, inputs: 0 });
  });

  it('inputs come from the tests the model wrote too, when the visible tests give none', async () => {
    const task: Task = { ...mbppTask, tests: { kind: 'mbpp', setup: 'x = 1', asserts: ['assert add(x, 2) == 3'] } };
    const t = setup(
      [fenced('return a + b if a < 2 else 0', 'assert add(3, 4) == 7'), fenced('return a + b'), fenced('return b + a')],
      new NativePython(),
      { strategy: { name: 'best-of-n', samples: 3 } },
      task,
    );
    const out = await t.run();
    expect(out.attempts[0]!.selection).toMatchObject({ groups: [2, 1], chosen: 1, inputs: INPUTS });
    expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b');
  });

  it('when no sample passes, the most promising one is repaired', async () => {
    const t = setup(
      [fenced('return a * b'), fenced('return a + b + 1'), fenced('return 0'), fenced('return a + b')],
      new NativePython(),
      { strategy: { name: 'best-of-n', samples: 3 } },
    );
    const out = await t.run();
    const sel = out.attempts[0]!.selection!;
    expect(sel).toMatchObject({ groups: [], chosenSize: 0, chosen: 2 });
    expect(sel.samples.map((x) => x.passed)).toEqual([0, 0, 1]);
    expect(sel.why).toMatch(/None of the 3 samples passed the visible tests; sample 3 did best \(1 of 2/);
    expect(t.model.requests).toHaveLength(4);
    expect(JSON.stringify(t.model.requests[3])).toContain('return 0');
    expect(out).toMatchObject({ passed: true, samples: 4, modelCalls: 4 });
    expect(out.attempts).toHaveLength(2);
  });
});

describe.skipIf(!hasPython)('codet (samples run in native CPython)', () => {
  it('asks for tests, ranks by agreement, and flags the generated tests the agreeing samples all fail', async () => {
    const samples = [
      fenced('return a + b if a < 2 else 0', 'assert add(1, 2) == 3\nassert add(5, 5) == 0'),
      fenced('return a + b', 'assert add(2, 3) == 5\nassert add(2, 2) == 5'),
      fenced('return b + a', 'assert add(4, 4) == 8'),
    ];
    const t = setup(samples, new NativePython(), { strategy: { name: 'codet', samples: 3 } });
    const out = await t.run();
    expect(lastMessage(t.model, 0)).toMatch(/second fenced ```python block with 5 tests of your own that call `add`/);
    expect(out.passed).toBe(true);
    const sel = out.attempts[0]!.selection!;
    expect(sel.tests).toEqual([
      'assert add(1, 2) == 3',
      'assert add(5, 5) == 0',
      'assert add(2, 3) == 5',
      'assert add(2, 2) == 5',
      'assert add(4, 4) == 8',
    ]);
    expect(sel).toMatchObject({ groups: [2, 1], chosen: 1, chosenSize: 2 });
    expect(sel.samples.map((x) => x.passes)).toEqual([
      [0, 1],
      [0, 2, 4],
      [0, 2, 4],
    ]);
    expect(sel.suspect).toEqual([
      { source: 'assert add(5, 5) == 0', outputs: ['10'] },
      { source: 'assert add(2, 2) == 5', outputs: ['4'] },
    ]);
    // The suspect tests are not forced onto the code: the chosen sample stands.
    expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b');
    expect(out.attempts[0]!.feedback).toBe('All 2 tests pass.');
  });
});

describe('selection strategies share the stop rules', () => {
  it('Stop while samples are being drawn ends the run as stopped', async () => {
    const ctrl = new AbortController();
    const t = setup([{ hang: true }, { hang: true }], new FakeRuntime([]), {
      strategy: { name: 'best-of-n', samples: 2 },
    });
    t.model.onCall = (n) => n === 2 && setTimeout(() => ctrl.abort(), 5);
    t.opts.signal = ctrl.signal;
    const out = await t.run();
    expect(out.endReason).toBe('stopped');
    expect(out.attempts).toHaveLength(0);
  });

  it('a round of N requests that would go over the token budget is not started', async () => {
    const t = setup([], new FakeRuntime([]), { strategy: { name: 'codet', samples: 10 }, tokenBudget: 200 });
    const out = await t.run();
    expect(out.endReason).toBe('token-budget');
    expect(t.model.requests).toHaveLength(0);
  });
});
