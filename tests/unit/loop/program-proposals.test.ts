// best-of-n and codet on contest programs with inputs the model proposes (issue 33, issue 31's
// boundaries): one extra request asks for inputs; those that fit the public inputs' shape join the
// public and derived ones, a wrong sample that differs only there stands apart, malformed ones are
// dropped and said, and the request's tokens count. Programs are stood in for by functions of
// their input, picked by a marker in the sample's code.
import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import { programInputs } from '../../../src/loop/behaviour/program-inputs.ts';
import { shapeFault, shapeOf, smallestCount } from '../../../src/loop/behaviour/program-shape.ts';
import { readProposals } from '../../../src/loop/behaviour/proposed-inputs.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { Task } from '../../../src/shared/task.ts';
import { createDemoClient } from '../../../src/models/demo.ts';
import { PROGRAM_EXAMPLES } from '../../../src/shared/program-examples.ts';
import { selection } from '../../../src/store/strategy-shapes.ts';
import { droppedLine, inputsLine } from '../../../src/ui/strategies/selection-text.ts';
import { FakeModel, FakeRuntime, LIMITS, type ModelStep } from './fakes.ts';

const STATEMENT =
  'Largest. The first line holds N (1 ≤ N ≤ 100), the second N integers A_i (-10^9 ≤ A_i ≤ 10^9). Print the largest.';
const task: Task = {
  kind: 'program',
  id: 'largest',
  title: 'Largest',
  prompt: STATEMENT,
  language: 'python',
  tests: { kind: 'program', inputs: ['3\n1 9 4\n'], outputs: ['9\n'] },
  hiddenTests: { kind: 'program', inputs: ['2\n-3 -7\n'], outputs: ['-3\n'] },
  limits: LIMITS,
};

const numbers = (input: string): number[] => input.split('\n')[1]!.trim().split(/\s+/).filter(Boolean).map(Number);
const PROGRAMS: Record<string, (input: string) => string> = {
  right: (i) => {
    const a = numbers(i);
    if (a.length === 0) throw new Error('ValueError');
    return String(Math.max(...a));
  },
  sorted: (i) => {
    const a = numbers(i).sort((x, y) => x - y);
    if (a.length === 0) throw new Error('ValueError');
    return String(a.at(-1));
  },
  // Starts from 0: right for every input with a positive value, which is all the public input and
  // its sign-keeping mutants hold.
  fromZero: (i) => String(Math.max(0, ...numbers(i))),
};
const code = (name: string): string => `\`\`\`python\n# ${name}\nprint(solve(input()))\n\`\`\``;

/** Runs a program job as the sandbox would: collects outputs for selection, else judges them. */
function programRun(job: RunJob): RunResult {
  const name = /# (\w+)/.exec(job.code)![1]!;
  const f = PROGRAMS[name]!;
  const spec = job.tests;
  if (spec.kind !== 'program') throw new Error('not a program job');
  const base = { stdout: '', stderr: '', truncated: false, durationMs: 1 };
  const tests = spec.inputs.map((input, k) => {
    let actual: string;
    try {
      actual = `${f(input)}\n`;
    } catch (e) {
      actual = `!${(e as Error).message}`;
    }
    const passed = spec.collect === true ? !actual.startsWith('!') : actual.trim() === spec.outputs[k]?.trim();
    return { name: `test ${k + 1}`, source: input, passed, actual };
  });
  const ok = spec.collect === true || tests.every((t) => t.passed);
  return { status: ok ? 'passed' : 'failed', result: ok ? 'passed' : 'failed: Wrong Answer', tests, ...base };
}

const fence = (body: string, tag = 'text'): string => `\`\`\`${tag}\n${body}\n\`\`\``;

async function select(proposal: ModelStep | ModelStep[], strategy: 'best-of-n' | 'codet' = 'best-of-n') {
  const names = ['fromZero', 'right', 'sorted'];
  const model = new FakeModel([...names.map(code), ...[proposal].flat()]);
  const runtime = new FakeRuntime([], programRun);
  const out = await runLoop({
    task,
    model,
    runtime,
    settings: { maxIterations: 1, retryDelayMs: 0, strategy: { name: strategy, samples: names.length } },
    hooks: { onAttempt: () => {} },
  });
  return { out, model, sel: out.attempts[0]!.selection!, attempt: out.attempts[0]! };
}

const NEGATIVE = fence('2\n-3 -7');

describe('inputs the model proposes for a contest program', () => {
  it.each(['best-of-n', 'codet'] as const)(
    '%s: a sample wrong only on a proposed input stands apart, and a right one is chosen',
    async (strategy) => {
      const { sel, out, model } = await select(
        { reply: `Here:\n${NEGATIVE}\n`, usage: { inputTokens: 700, outputTokens: 90 } },
        strategy,
      );
      expect(sel.groups).toEqual([2, 1]);
      expect(sel.chosen).toBe(1);
      expect(sel.samples[0]!.group).toBe(1);
      expect(sel.programInputs).toEqual({ public: 1, derived: 15, proposed: 1, dropped: [] });
      expect(inputsLine(sel)).toBe(
        'Every sample that passed the visible tests also ran on 17 inputs: 1 public, 15 derived from them (boundaries and token-by-token mutants), 1 proposed by the model.',
      );
      expect(out.passed).toBe(true);
      // The request asked for inputs, not code, with the statement and its public test.
      const asked = model.requests[3]!.messages.at(-1)!.content;
      expect(asked).toContain(STATEMENT);
      expect(asked).toContain('Propose 8 small inputs');
      expect(asked).toContain('3\n1 9 4');
    },
  );

  it('without the proposed input the wrong sample hides in the largest group: public and derived inputs never go negative', async () => {
    const { sel } = await select('I cannot think of any.');
    expect(sel.groups).toEqual([3]);
    expect(sel.chosen).toBe(0);
    expect(sel.why).toContain(
      'The model proposed no inputs: the samples were grouped on the public inputs and those derived from them alone.',
    );
    expect(sel.why.split('proposed no inputs').length).toBe(2);
  });

  it("counts the extra request's tokens in the run, in the round's attempt, and in the calls", async () => {
    const { out, attempt } = await select({ reply: NEGATIVE, usage: { inputTokens: 700, outputTokens: 90 } });
    expect(out.modelCalls).toBe(4);
    expect(out.usage).toMatchObject({ inputTokens: 3 * 100 + 700, outputTokens: 3 * 50 + 90 });
    expect(attempt.usage).toMatchObject({ inputTokens: 1000, outputTokens: 240 });
  });

  it('a token budget with no room for the request: no request, and the round says why', async () => {
    const names = ['fromZero', 'right', 'sorted'];
    const model = new FakeModel(names.map((n) => ({ reply: code(n), usage: { inputTokens: 1000, outputTokens: 0 } })));
    const out = await runLoop({
      task,
      model,
      runtime: new FakeRuntime([], programRun),
      settings: { maxIterations: 1, retryDelayMs: 0, tokenBudget: 3100, strategy: { name: 'best-of-n', samples: 3 } },
      hooks: { onAttempt: () => {} },
    });
    expect(model.requests).toHaveLength(3);
    expect(out.attempts[0]!.selection!.why).toContain(
      'No inputs were asked of the model, as the request would go over the token budget',
    );
  });

  it('drops malformed proposals and says how many and why; a crash most samples share drops one too', async () => {
    const reply = [
      NEGATIVE,
      fence('3\n1 2'), // counts: three items announced, two given
      fence('hello world'), // not in the input format
      fence('3\n1 9 4'), // the public input again
      fence(`100\n${Array.from({ length: 100 }, () => '123456789').join(' ')}\n`.repeat(3)), // too large
      fence('print(1)', 'python'), // code, not an input: not read at all
      fence('0\n'), // the right samples crash on no items: most likely not a valid input
    ].join('\n');
    const { sel } = await select(reply);
    expect(sel.groups).toEqual([2, 1]);
    expect(sel.programInputs!.proposed).toBe(1);
    expect(sel.programInputs!.dropped).toEqual([
      { reason: 'with counts that do not match its first line', count: 1 },
      { reason: 'not in the input format', count: 1 },
      { reason: 'repeating an input already tried', count: 1 },
      { reason: 'too large', count: 1 },
      { reason: 'that most samples crash on, so likely invalid', count: 1 },
    ]);
    expect(droppedLine(sel)).toBe(
      'Dropped 5 proposed inputs (1 with counts that do not match its first line; 1 not in the input format; 1 repeating an input already tried; 1 too large; 1 that most samples crash on, so likely invalid).',
    );
  });

  it('a failed request for inputs does not end the run: selection goes on and says so', async () => {
    const failed = { error: { kind: 'server' as const, message: 'The server failed (500).' } };
    const { sel, out } = await select([failed, failed]);
    expect(out.endReason).toBe('iteration-cap');
    expect(out.attempts).toHaveLength(1);
    expect(sel.programInputs!.proposed).toBe(0);
    expect(sel.why).toContain('Asking the model for inputs failed (The server failed (500).)');
  });
});

describe('shape of a contest input', () => {
  const shape = shapeOf(['3\n1 9 4\n', '1\n-5\n']);

  it('reads the count on the first line and the kinds of each line', () => {
    expect(shape.counts).toEqual([{ at: 0, counts: 'second' }]);
    expect(shapeFault('2\n-3 -7\n', shape)).toBeUndefined();
    expect(shapeFault('2\n-3 -7 8\n', shape)).toBe('with counts that do not match its first line');
    expect(shapeFault('two\n1 2\n', shape)).toBe('not in the input format');
    expect(shapeFault('2\n1.5 2\n', shape)).toBe('not in the input format');
  });

  it('proposals: only plain fenced blocks, trailing spaces and blank lines trimmed, duplicates once', () => {
    const got = readProposals(
      `${fence('2\n1 1   \n\n')}\n${fence('2\n1 1', 'input')}\n${fence('1\n1', 'js')}`,
      shape,
      [],
    );
    expect(got.kept).toEqual(['2\n1 1\n']);
    expect(got.dropped).toEqual([{ input: '2\n1 1\n', reason: 'repeating an input already tried' }]);
  });

  it('boundaries keep the count true and respect the smallest count the statement allows', () => {
    expect(smallestCount(STATEMENT)).toBe(1);
    expect(smallestCount('Constraints: 2 \\le N \\le 10^5')).toBe(2);
    const least2 = programInputs(['4\n5 3 8 1\n'], 'where 2 <= n <= 50').inputs;
    expect(least2.slice(1, 5)).toEqual(['2\n5 3\n', '4\n5 5 5 5\n', '4\n1 3 5 8\n', '4\n8 5 3 1\n']);
    // N on the first line counting the lines that follow.
    const lines = programInputs(['3\nab\ncd\nef\n']).inputs;
    expect(lines.slice(1, 3)).toEqual(['1\nab\n', '3\nab\nab\nab\n']);
  });
});

describe('the demo model asked for inputs', () => {
  it('says it cannot propose any, and selection goes on with the public and derived inputs, saying so once', async () => {
    const example = PROGRAM_EXAMPLES.find((t) => t.language === 'python')!;
    const same = (job: RunJob): RunResult => {
      const spec = job.tests;
      const inputs = spec.kind === 'program' ? spec.inputs : [];
      const tests = inputs.map((input, k) => ({ name: `test ${k + 1}`, source: input, passed: true, actual: '1\n' }));
      return { status: 'passed', result: 'passed', tests, stdout: '', stderr: '', truncated: false, durationMs: 1 };
    };
    const model = createDemoClient({}, { delayMs: 0 });
    const said: string[] = [];
    const out = await runLoop({
      task: example,
      model,
      runtime: new FakeRuntime([], same),
      settings: { maxIterations: 1, retryDelayMs: 0, strategy: { name: 'best-of-n', samples: 2 } },
      hooks: { onAttempt: () => {}, onStatus: (t) => said.push(t) },
    });
    const sel = out.attempts[0]!.selection!;
    expect(out.modelCalls).toBe(3);
    expect(sel.programInputs).toMatchObject({ proposed: 0, dropped: [] });
    const note =
      'The model proposed no inputs: the samples were grouped on the public inputs and those derived from them alone.';
    expect(sel.why).toContain(note);
    expect(said.filter((t) => t.includes(note))).toHaveLength(1);
  });
});

describe('a model stuffing the round with inputs', () => {
  it('gets no more than 8 proposed inputs run; the rest are dropped and said', async () => {
    const many = Array.from({ length: 12 }, (_, k) => fence(`2\n${k + 10} ${k + 20}`)).join('\n');
    const { sel } = await select(many);
    expect(sel.programInputs).toMatchObject({
      proposed: 8,
      dropped: [{ reason: 'over the number asked for', count: 4 }],
    });
    expect(sel.inputs).toBe(16 + 8);
  });
});

describe('the counts kept in history', () => {
  const base = {
    samples: [{ passed: 1, total: 1, ok: true, group: 0 }],
    groups: [1],
    chosenSize: 1,
    chosen: 0,
    why: 'w',
  };
  it('are checked like every other field of a selection when history is imported', () => {
    const counts = { public: 1, derived: 15, proposed: 1, dropped: [{ reason: 'too large', count: 2 }] };
    expect(() => selection({ ...base, inputs: 17, programInputs: counts }, 'attempts[0].selection')).not.toThrow();
    expect(() =>
      selection({ ...base, programInputs: { ...counts, dropped: [{ reason: 'too large', count: 0 }] } }, 'a.selection'),
    ).toThrow('a.selection.programInputs.dropped[0].count');
    expect(() => selection({ ...base, programInputs: { ...counts, proposed: '1' } }, 'a.selection')).toThrow(
      'a.selection.programInputs.proposed',
    );
  });
});
