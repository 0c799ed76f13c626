// best-of-n and codet on contest programs, against a local endpoint: samples that pass the public
// tests are grouped by what they print on the public inputs and their mutants (AlphaCode's
// clustering), so the largest group wins though the first sample passes the public tests wrongly.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { jsonlWriter, rowsOf, runAgainst } from '../support/cli.ts';
import { programInputs } from '../../../src/loop/behaviour/program-inputs.ts';

const ROWS = rowsOf(readFileSync(resolve(import.meta.dirname, '../../../data/livecodebench/stdin-20.jsonl'), 'utf8'));
const jsonl = jsonlWriter(mkdtempSync(join(tmpdir(), 'fixpoint-select-programs-')));
const largest = jsonl('fx002.jsonl', [ROWS.find((r) => r.question_id === 'fx002')!]);
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\``;
const READ = 'n = int(input())\na = list(map(int, input().split()))\n';
// Both print 9 for "3 / 1 9 4" and -5 for "1 / -5", the public tests, and are wrong elsewhere.
const SECOND = `${READ}print(a[1] if n > 1 else a[0])`;
const FIRST_TWO = `${READ}print(max(a[:2]))`;
const RIGHT = [
  `${READ}print(max(a))`,
  `${READ}print(sorted(a)[-1])`,
  `${READ}m = a[0]\nfor x in a:\n    m = x if x > m else m\nprint(m)`,
];

// A row of LiveCodeBench's shape whose public inputs hold positive values only: mutants keep the
// signs, so a sample that starts its maximum from 0 agrees with the right ones on every public and
// derived input, and only an input the model proposes (all values negative) tells it apart.
const NEGATIVES_ROW = {
  question_title: 'Largest, negatives allowed',
  question_content:
    'The first line holds N (1 ≤ N ≤ 100), the second N integers A_i (-1000 ≤ A_i ≤ 1000). Print the largest of them.',
  platform: 'fixpoint',
  question_id: 'neg001',
  contest_id: 'fixpoint-tests',
  contest_date: '2026-12-05T00:00:00',
  starter_code: '',
  difficulty: 'easy',
  public_test_cases: JSON.stringify([
    { input: '3\n1 9 4\n', output: '9\n', testtype: 'stdin' },
    { input: '2\n5 2\n', output: '5\n', testtype: 'stdin' },
  ]),
  private_test_cases: JSON.stringify([
    { input: '3\n-4 -2 -8\n', output: '-2\n', testtype: 'stdin' },
    { input: '1\n7\n', output: '7\n', testtype: 'stdin' },
  ]),
  metadata: '{}',
};
const negatives = jsonl('neg001.jsonl', [NEGATIVES_ROW]);
const FROM_ZERO = `${READ}m = 0\nfor x in a:\n    m = max(m, x)\nprint(m)`;
const text = (input: string): string => `\`\`\`text\n${input}\`\`\`\n`;
/** What the model proposes: one boundary input it reaches first, and two that are not inputs of this task. */
const PROPOSED = `Inputs:\n${text('2\n-3 -7\n')}${text('3\n1 2\n')}${text('hello\n')}`;

// A call-based (LeetCode) row: samples are classes whose method is called on each input line, so
// they are grouped by what the call returns, not by what they print (nothing).
const CALL_ROW = {
  ...NEGATIVES_ROW,
  question_title: 'Largest, call-based',
  question_id: 'call001',
  platform: 'leetcode',
  starter_code: 'class Solution:\n    def largest(self, nums: List[int]) -> int:\n        ',
  public_test_cases: JSON.stringify([{ input: '[1, 9, 4]', output: '9', testtype: 'functional' }]),
  private_test_cases: JSON.stringify([
    { input: '[5, 2]', output: '5', testtype: 'functional' },
    { input: '[-4, -2, -8]', output: '-2', testtype: 'functional' },
  ]),
  metadata: JSON.stringify({ func_name: 'largest' }),
};
const callBased = jsonl('call001.jsonl', [CALL_ROW]);
const method = (body: string): string =>
  fence(`class Solution:\n    def largest(self, nums: List[int]) -> int:\n        ${body}`);

/** best-of-n with three samples and one round, as the cases below run it. */
const BEST_OF_3 = ['--strategy', 'best-of-n', '--samples', '3', '--max-iterations', '1'];

describe('selection on contest programs', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());

  it('derives boundary inputs and mutants from the public ones, keeping the first-line count and the signs', () => {
    const { inputs, public: given, derived } = programInputs(['3\n1 9 4\n', '1\n-5\n']);
    expect([inputs.length, given, derived]).toEqual([16, 2, 14]);
    expect(inputs.slice(0, 2)).toEqual(['3\n1 9 4\n', '1\n-5\n']);
    // One item, equal items, sorted up and down: the boundaries a property-based tester tries first.
    expect(inputs.slice(2, 6)).toEqual(['1\n1\n', '3\n1 1 1\n', '3\n1 4 9\n', '3\n9 4 1\n']);
    for (const m of inputs.slice(2)) {
      const [first, second] = m.split('\n');
      const values = second!.split(' ').map(Number);
      expect(values.length).toBe(Number(first));
      expect(values.every((v) => v > 0 && v <= 9) || values.every((v) => v < 0 && v >= -9)).toBe(true);
    }
  });

  it.each(['best-of-n', 'codet'])('%s takes the largest group that prints alike', async (strategy) => {
    server.reset();
    server.reply(fence(SECOND), ...RIGHT.map(fence), fence(FIRST_TWO));
    const r = await runAgainst(largest, server.baseUrl, ['--strategy', strategy, '--samples', '5']);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)[0]).toMatchObject({
      task_id: 'fx002',
      passed: true,
      hidden_passed: true,
      strategy,
      samples: 5,
      groups: [3, 1, 1],
      selected_from: 3,
    });
  });

  it('best-of-n: a wrong sample that differs only on an input the model proposes stands apart; the right one is chosen', async () => {
    server.reset();
    server.reply(fence(FROM_ZERO), ...RIGHT.slice(0, 2).map(fence), PROPOSED);
    const r = await runAgainst(negatives, server.baseUrl, BEST_OF_3);
    expect(r.status, r.stderr).toBe(0);
    const row = rowsOf(r.stdout)[0]!;
    expect(row).toMatchObject({
      task_id: 'neg001',
      passed: true,
      hidden_passed: true,
      groups: [2, 1],
      selected_from: 2,
      model_calls: 4,
    });
    // The fourth request asked for inputs, not code, and its tokens count in the row's usage.
    const asked = JSON.stringify(server.chatRequests()[3]!.body);
    expect(asked).toContain('Propose 8 small inputs');
    // Its tokens count in the run's usage and in the round's attempt alike.
    expect((row.attempts as { usage: unknown }[])[0]!.usage).toEqual(row.usage);
  }, 240_000);

  it('best-of-n: without a usable proposal the wrong sample hides in the largest group, and the hidden tests catch it', async () => {
    server.reset();
    server.reply(fence(FROM_ZERO), ...RIGHT.slice(0, 2).map(fence), `Inputs:\n${text('3\n1 2\n')}`);
    const r = await runAgainst(negatives, server.baseUrl, BEST_OF_3);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)[0]).toMatchObject({
      passed: false,
      hidden_passed: false,
      groups: [3],
      selected_from: 3,
      model_calls: 4,
    });
  }, 240_000);

  it('best-of-n on a call-based row groups samples by what the call returns', async () => {
    server.reset();
    // The wrong one (the second item) comes first and passes the public test.
    server.reply(method('return nums[1]'), method('return max(nums)'), method('return sorted(nums)[-1]'), 'Inputs:');
    const r = await runAgainst(callBased, server.baseUrl, BEST_OF_3);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)[0]).toMatchObject({
      task_id: 'call001',
      passed: true,
      hidden_passed: true,
      groups: [2, 1],
      selected_from: 2,
    });
  }, 240_000);
});
