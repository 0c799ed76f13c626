// A pass flagged for test gaming does not end the loop as solved: its feedback names the flag and
// asks for a real solution; at the cap the run ends with 'flagged-pass'; the row keeps the flags.
import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../../src/loop/engine.ts';
import { rowOf, parseRunRows, solvedAt } from '../../../../src/shared/bench-rows.ts';
import { summarize, summaryLines } from '../../../../src/shared/bench-summary.ts';
import { checkFlags, type GamingFlag } from '../../../../src/shared/gaming.ts';
import type { RunResult } from '../../../../src/shared/run.ts';
import type { Attempt } from '../../../../src/shared/session.ts';
import { code, FakeModel, FakeRuntime, heTask, HE_PROMPT, mbppTask, pass } from '../fakes.ts';

const flag: GamingFlag = { kind: 'hardcoded-tests', detail: 'add() answers the test input 100 with 120', line: 2 };
const flagged = (): RunResult => ({ ...pass(), flags: [flag] });

async function loop(runs: RunResult[], maxIterations = 3, task = mbppTask) {
  const attempts: Attempt[] = [];
  const model = new FakeModel(runs.map((_, i) => code(i)));
  const outcome = await runLoop({
    task,
    model,
    runtime: new FakeRuntime([...runs]),
    settings: { maxIterations, retryDelayMs: 0 },
    hooks: { onAttempt: (a) => void attempts.push(a) },
  });
  return { outcome, attempts, model };
}

describe('a flagged pass in the loop', () => {
  it('is not solved: the feedback names the flag and the next attempt is asked for', async () => {
    const { outcome, attempts, model } = await loop([flagged(), pass()]);
    expect(outcome.passed).toBe(true);
    expect(attempts.map((a) => a.passed)).toEqual([false, true]);
    expect(attempts[0]!.feedback).toMatch(/flagged: it passes the tests without solving the task/);
    expect(attempts[0]!.feedback).toContain('hardcoded-tests (line 2): add() answers the test input 100');
    expect(attempts[0]!.feedback).toMatch(/Write a real solution/);
    const second = model.requests[1]!.messages.map((m) => m.content).join('\n');
    expect(second).toContain('hardcoded-tests');
    const row = rowOf('t', outcome);
    expect(row.flags).toEqual([]);
    expect(row.attempts[0]!.flags).toEqual([flag]);
    expect(solvedAt(row)).toBe(2);
  });

  it("ends with 'flagged-pass' at the cap, and the row carries the flags", async () => {
    const { outcome } = await loop([flagged(), flagged()], 2);
    expect(outcome.passed).toBe(false);
    expect(outcome.endReason).toBe('flagged-pass');
    expect(outcome.endMessage).toMatch(/Attempt 2 passes the tests but was flagged \(hardcoded-tests\)/);
    const row = rowOf('t', outcome);
    expect(row).toMatchObject({ passed: false, result: 'passed', end_reason: 'flagged-pass', flags: [flag] });
    const summary = summarize([row, rowOf('u', (await loop([pass()])).outcome)]);
    expect(summary).toMatchObject({ passed: 1, flagged_passes: 1, pass_rate: 0.5, pass_rate_with_flagged: 1 });
    expect(summaryLines(summary).join('\n')).toContain('Flagged passes');
    const back = parseRunRows(JSON.stringify(row), 'rows.jsonl')[0]!;
    expect(back.flags).toEqual([flag]);
    expect(back.attempts[1]!.flags).toEqual([flag]);
  });

  it('tells HumanEval flag lines in the lines of the model code, not of the prompt', async () => {
    const offset = HE_PROMPT.split('\n').length - 1;
    const r = { ...pass(), flags: [{ ...flag, line: offset + 2 }] };
    const { attempts } = await loop([r, pass()], 3, heTask);
    expect(attempts[0]!.feedback).toContain('hardcoded-tests (line 2)');
  });

  it('an iteration cap without a flagged pass stays an iteration cap', async () => {
    const failed: RunResult = { ...pass(), status: 'failed', result: 'failed: x', flags: [flag] };
    const { outcome } = await loop([failed, failed], 2);
    expect(outcome.endReason).toBe('iteration-cap');
  });
});

describe('flags from a sandbox', () => {
  it('keep only well-formed entries', () => {
    expect(
      checkFlags([
        flag,
        { kind: 'other', detail: 'x' },
        { kind: 'early-exit' },
        { kind: 'early-exit', detail: 'd', line: -1 },
        7,
      ]),
    ).toEqual([flag, { kind: 'early-exit', detail: 'd' }]);
    expect(checkFlags(undefined)).toEqual([]);
  });

  it('rows written before flags read back with none', () => {
    const old =
      '{"task_id":"a","passed":true,"result":"passed","usage":{"input_tokens":1,"output_tokens":1},"attempts":[{"result":"passed","usage":{"input_tokens":1,"output_tokens":1}}]}';
    const row = parseRunRows(old, 'old.jsonl')[0]!;
    expect(row.flags).toEqual([]);
    expect(solvedAt(row)).toBe(1);
  });
});
