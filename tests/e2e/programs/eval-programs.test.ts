// `fixpoint eval` on LiveCodeBench rows, end to end: the built page in Chromium, real Pyodide,
// and the verdicts LiveCodeBench's own judge gave the same samples natively (fixture, CC0).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cli, jsonlWriter, rowsOf } from '../support/cli.ts';

const FIXTURE = resolve(import.meta.dirname, '../../fixtures/livecodebench');
const ROWS = join(FIXTURE, 'rows.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-programs-e2e-'));
const jsonl = jsonlWriter(dir);
const lines = (file: string): Record<string, unknown>[] => rowsOf(readFileSync(file, 'utf8'));

describe('fixpoint eval on LiveCodeBench rows', () => {
  it('gives every sample of a mixed set the verdict LiveCodeBench gives it natively', async () => {
    const out = join(dir, 'mixed.jsonl');
    // The native verdicts were taken at LiveCodeBench's 6 s; the slow samples here never end.
    const r = await cli([
      'eval',
      '--problems',
      ROWS,
      '--samples',
      join(FIXTURE, 'samples.jsonl'),
      '--timeout',
      '2',
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const got = lines(out);
    const native = lines(join(FIXTURE, 'native.jsonl'));
    expect(got.map((g) => [g.task_id, g.passed])).toEqual(native.map((n) => [n.task_id, n.passed]));
    // Each kind of result, in the exact words of the row format.
    const results = got.map((g) => g.result);
    expect(results).toContain('passed');
    expect(results).toContain('timed out');
    expect(results).toContain('failed: Wrong Answer at line 0: a b c != c b a');
    expect(results).toContain('failed: Runtime Error: ValueError: boom');
    expect(results).toContain('failed: Compile Error: SyntaxError: invalid syntax (<string>, line 1)');
    expect(results).toContain("failed: Runtime Error: TypeError: 'MockStdinWithBuffer' object is not iterable");
    expect(results).toContain('failed: Wrong Answer at line 0: [[0, 1]] != [0, 1]');
    for (const g of got) expect(Object.keys(g)).toEqual(['task_id', 'completion', 'passed', 'result', 'flags']);
    expect(rowsOf(r.stdout).at(-1)).toMatchObject({ summary: true, samples: 30, passed: 10 });
  });

  it('reads the rows as a gzip file and as a JSON array', async () => {
    const rows = lines(ROWS);
    const gz = join(dir, 'rows.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(ROWS)));
    const array = join(dir, 'rows.json');
    writeFileSync(array, JSON.stringify(rows));
    const samples = jsonl('two.jsonl', [
      { task_id: 'fmt3', completion: 'input()\nfor x in input().split():\n    print(int(x) / 2)' },
      { task_id: 'fmt2', completion: 'class Solution:\n    def countPositives(self, nums):\n        return 0' },
    ]);
    for (const file of [gz, array]) {
      const r = await cli(['eval', '--problems', file, '--samples', samples]);
      expect(r.status, r.stderr).toBe(0);
      expect(rowsOf(r.stdout).map((g) => [g.passed, g.result])).toEqual([
        [true, 'passed'],
        [false, 'failed: Wrong Answer at line 0: 0 != 2'],
        [1, undefined], // the summary line
      ]);
    }
  });

  it('refuses malformed rows with the file and line, and exit status 2', async () => {
    const rows = lines(ROWS);
    const samples = jsonl('one.jsonl', [{ task_id: 'fmt1', completion: 'print(1)' }]);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...rows[0], public_test_cases: '[{"input": 1}]' }, /:2: test 1 of "public_test_cases" needs string/],
      [{ ...rows[0], private_test_cases: 'gASVAAAA' }, /:2: field "private_test_cases" is neither JSON nor base64/],
      // A pickle that would build an object (GLOBAL opcode) instead of holding a str.
      [
        { ...rows[0], private_test_cases: 'eJxLzi/mKq4sLknN5dIIVk9NzshXyMhU5yoJ0gMAeEMIVg==' },
        /:2: .*only a pickled str is read/,
      ],
      [{ ...rows[0], metadata: '{"func_name": 3}' }, /:2: metadata "func_name" must be a method name/],
    ];
    for (const [bad, message] of cases) {
      const file = jsonl('bad-rows.jsonl', [rows[1], { ...bad, question_id: 'fmt1' }]);
      const r = await cli(['eval', '--problems', file, '--samples', samples]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('bad-rows.jsonl:2');
    }
  });
});
