import { describe, expect, it } from 'vitest';
import { meanPassAtK, passAtK, reportedKs } from '../../../src/shared/bench-pass-at-k.ts';
import {
  parseRunRows,
  rowOf,
  rowsToJsonl,
  samplesJsonl,
  type RowSource,
  type RunRow,
} from '../../../src/shared/bench-rows.ts';
import { selectSubset } from '../../../src/shared/bench-subset.ts';
import { differences, passRateByAttempt, summarize, summaryLines } from '../../../src/shared/bench-summary.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import { modelAttempt, rowSource, runResult } from '../../support/outcomes.ts';

const items = Array.from({ length: 20 }, (_, i) => `t${i + 1}`);

describe('subset selection', () => {
  it('takes all, the first N, or a 1-based inclusive range', () => {
    expect(selectSubset(items, { kind: 'all' })).toHaveLength(20);
    expect(selectSubset(items, { kind: 'first', n: 3 })).toEqual(['t1', 't2', 't3']);
    expect(selectSubset(items, { kind: 'range', from: 5, to: 7 })).toEqual(['t5', 't6', 't7']);
    expect(selectSubset(items, { kind: 'range', from: 19, to: 40 })).toEqual(['t19', 't20']);
  });

  it('draws the same random sample for the same seed, in dataset order, without repeats', () => {
    const a = selectSubset(items, { kind: 'random', n: 5, seed: 42 });
    expect(selectSubset(items, { kind: 'random', n: 5, seed: 42 })).toEqual(a);
    expect(new Set(a).size).toBe(5);
    expect([...a].sort((x, y) => items.indexOf(x) - items.indexOf(y))).toEqual(a);
    expect(selectSubset(items, { kind: 'random', n: 5, seed: 43 })).not.toEqual(a);
    expect(selectSubset(items, { kind: 'random', n: 50, seed: 1 })).toHaveLength(20);
  });

  it('refuses an empty range or a count below one', () => {
    expect(() => selectSubset(items, { kind: 'range', from: 7, to: 5 })).toThrow(/empty/);
    expect(() => selectSubset(items, { kind: 'range', from: 30, to: 40 })).toThrow(/only 20/);
    expect(() => selectSubset(items, { kind: 'first', n: 0 })).toThrow(/at least 1/);
  });
});

describe('pass@k', () => {
  it('matches 1 - C(n-c,k)/C(n,k) on small cases', () => {
    const choose = (n: number, k: number): number => (k > n ? 0 : k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);
    for (const [n, c, k] of [
      [10, 3, 1],
      [10, 3, 5],
      [5, 0, 2],
      [5, 5, 3],
      [20, 1, 10],
    ] as const)
      expect(passAtK(n, c, k)).toBeCloseTo(1 - choose(n - c, k) / choose(n, k), 12);
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
  });

  it('stays finite and in [0, 1] for large n', () => {
    const v = passAtK(1000, 7, 100);
    expect(v).toBeGreaterThan(0);
    expect(v).toBeLessThan(1);
    expect(passAtK(1000, 995, 10)).toBe(1);
  });

  it('averages over tasks, and reports only the k every task has samples for', () => {
    expect(
      meanPassAtK(
        [
          { n: 4, c: 4 },
          { n: 4, c: 0 },
        ],
        2,
      ),
    ).toBe(0.5);
    expect(
      meanPassAtK(
        [
          { n: 4, c: 1 },
          { n: 1, c: 1 },
        ],
        2,
      ),
    ).toBeUndefined();
    expect(reportedKs(1)).toEqual([1]);
    expect(reportedKs(12)).toEqual([1, 2, 5, 10, 12]);
    expect(() => passAtK(3, 1, 4)).toThrow(/at least 4 samples/);
  });
});

function attempt(index: number, result: string, tokens: number): Attempt {
  return modelAttempt({
    index,
    result: runResult(result === 'passed' ? 'passed' : 'failed', result),
    feedback: result === 'passed' ? undefined : 'fix it',
    usage: { inputTokens: tokens, outputTokens: 10 },
    modelMs: 1,
    runMs: 1,
  });
}

function outcome(results: string[]): RowSource {
  const passed = results.at(-1) === 'passed';
  return rowSource(passed, {
    endMessage: passed ? 'Passed.' : 'Out of iterations.',
    attempts: results.map((r, i) => attempt(i, r, 100)),
    finalCandidate: 'def f(): pass',
    usage: { inputTokens: 100 * results.length, outputTokens: 10 * results.length },
    elapsedMs: 1234.4,
  });
}

// Right at once, wrong then repaired, wrong to the end (3 attempts).
const ROWS: RunRow[] = [
  rowOf('HumanEval/0', outcome(['passed'])),
  rowOf('HumanEval/1', outcome(['failed: AssertionError', 'passed'])),
  rowOf('HumanEval/2', outcome(['failed: a', 'failed: b', 'failed: c'])),
];

describe('summaries', () => {
  it('counts passes at the first attempt and after repair, tokens and cost', () => {
    const s = summarize(ROWS, { priceInPerM: 1, priceOutPerM: 2 });
    expect(s).toMatchObject({
      problems: 3,
      samples: 3,
      passed_first: 1,
      passed: 2,
      input_tokens: 600,
      output_tokens: 60,
    });
    expect(s.pass_at_k).toEqual({ 1: 2 / 3 });
    expect(s.tokens_per_solved).toBe(330);
    expect(s.cost).toBeCloseTo((600 + 120) / 1e6, 12);
    expect(summaryLines(s)).toEqual([
      'Passed at the first attempt: 1/3 (33.3%)',
      'Passed after repair: 2/3 (66.7%)',
      'Tokens: 600 in, 60 out, 330 per solved task',
      'Cost: $0.0007, $0.0004 per solved task',
    ]);
  });

  it('gives no cost without prices, and pass@k over samples of each task', () => {
    expect(summarize(ROWS).cost).toBeUndefined();
    const sampled = [0, 1, 2, 3].flatMap((i) => [
      rowOf('A', outcome([i < 2 ? 'passed' : 'failed: x']), i),
      rowOf('B', outcome(['failed: y']), i),
    ]);
    const s = summarize(sampled);
    expect(s.problems).toBe(2);
    expect(s.pass_at_k[1]).toBeCloseTo(0.25, 12);
    expect(s.pass_at_k[2]).toBeCloseTo((1 - 1 / 6) / 2, 12);
    expect(summaryLines(s).some((l) => l.startsWith('pass@k over 2 tasks: pass@1 25.0%, pass@2 41.7%'))).toBe(true);
    // Said in words why pass@1 need not match the first attempt's rate.
    expect(summaryLines(s).join('\n')).toContain(
      'so pass@1 is close to "Passed after repair", not to "Passed at the first attempt"',
    );
  });

  it('plots the cumulative pass rate by attempt', () => {
    expect(passRateByAttempt(ROWS, 3)).toEqual([1 / 3, 2 / 3, 2 / 3]);
  });

  it('counts a task whose hidden tests failed as solved neither at first nor after repair', () => {
    const hiddenFailed = (row: RunRow): RunRow => ({
      ...row,
      passed: false,
      visible_passed: true,
      hidden_passed: false,
    });
    const rows = [hiddenFailed(ROWS[0]!), hiddenFailed(ROWS[1]!), ROWS[2]!];
    expect(summarize(rows)).toMatchObject({ passed_first: 0, passed: 0 });
    expect(passRateByAttempt(rows, 3)).toEqual([0, 0, 0]);
  });

  it('puts the strategy and what selection found into the row', () => {
    const selected = {
      ...outcome(['passed']),
      strategy: 'best-of-n' as const,
      modelCalls: 5,
      samples: 5,
    };
    selected.attempts[0]!.selection = { groups: [3, 2], chosenSize: 3 } as NonNullable<Attempt['selection']>;
    expect(rowOf('T', selected)).toMatchObject({
      strategy: 'best-of-n',
      model_calls: 5,
      samples: 5,
      groups: [3, 2],
      selected_from: 3,
    });
    expect(rowOf('T', { ...outcome(['passed']), strategy: 'repair', modelCalls: 1, samples: 1 })).not.toHaveProperty(
      'groups',
    );
  });
});

describe('run --out rows', () => {
  it('reads back what it writes, summary line skipped, and writes human-eval samples', () => {
    const text = `${rowsToJsonl(ROWS)}${JSON.stringify({ summary: true, ...summarize(ROWS) })}\n`;
    expect(parseRunRows(text, 'out.jsonl')).toEqual(ROWS);
    expect(ROWS[0]).toMatchObject({ task_id: 'HumanEval/0', passed: true, iterations: 1, elapsed_ms: 1234 });
    expect(samplesJsonl(ROWS).split('\n')[0]).toBe('{"task_id":"HumanEval/0","completion":"def f(): pass"}');
  });

  it('names the line of a row that is not one', () => {
    expect(() => parseRunRows('{"task_id": 1, "passed": "yes"}\n', 'x.jsonl')).toThrow(/x\.jsonl:1: .*"passed"/);
    expect(() => parseRunRows('{"summary": true}\n', 'x.jsonl')).toThrow(/only a summary/);
  });
});

describe('comparing two runs', () => {
  it('lists the tasks both ran that only one solved', () => {
    const other = [
      rowOf('HumanEval/0', outcome(['failed: x', 'failed: y'])),
      rowOf('HumanEval/1', outcome(['passed'])),
      rowOf('HumanEval/2', outcome(['failed: x', 'passed'])),
      rowOf('HumanEval/9', outcome(['passed'])),
    ];
    expect(differences(ROWS, other)).toEqual([
      { task: 'HumanEval/0', a: true, b: false },
      { task: 'HumanEval/2', a: false, b: true },
    ]);
  });
});
