// `run --visible-tests`: the model sees the visible tests only, the hidden ones decide `passed`,
// and a candidate that passes the visible tests ends the run whatever the hidden ones say.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { jsonlWriter, rowsOf, runAgainst } from './support/cli.ts';

const DATA = resolve(import.meta.dirname, '../../data');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-visible-e2e-'));
const jsonl = jsonlWriter(dir);
const humaneval = gunzipSync(readFileSync(join(DATA, 'humaneval/HumanEval.jsonl.gz')))
  .toString('utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, string>);

const MBPP = {
  task_id: 901,
  text: 'Write a function to add two numbers.',
  code: 'def add_nums(a, b):\n    return a + b',
  test_list: ['assert add_nums(1, 2) == 3', 'assert add_nums(20, 22) == 42', 'assert add_nums(-7, 7) == 0'],
  test_setup_code: '',
  challenge_test_list: [],
};
const HIDDEN = MBPP.test_list.slice(1);

describe('fixpoint run --visible-tests', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());
  const run = (problems: string, visible: string, extra: string[] = []) =>
    runAgainst(problems, server.baseUrl, ['--visible-tests', visible, ...extra]);
  const sent = (): string => JSON.stringify(server.chatRequests().map((r) => r.body));

  it('MBPP: passing the visible assert ends the run; the hidden asserts fail it and never reach the model', async () => {
    server.reset();
    server.reply(
      '```python\ndef add_nums(a, b):\n    return 3\n```',
      '```python\ndef add_nums(a, b):\n    return a + b\n```',
    );
    const r = await run(jsonl('mbpp.jsonl', [MBPP]), '1');
    expect(r.status, r.stderr).toBe(0);
    const [row, summary] = rowsOf(r.stdout);
    expect(row).toMatchObject({
      task_id: 901,
      passed: false,
      visible_passed: true,
      hidden_passed: false,
      visible_tests: 1,
      hidden_tests: 2,
      iterations: 1,
      end_reason: 'passed',
    });
    expect(summary).toMatchObject({ problems: 1, passed: 0, passed_first: 0 });
    expect(server.chatRequests()).toHaveLength(1);
    expect(sent()).toContain('add_nums(1, 2) == 3');
    for (const hidden of HIDDEN) expect(sent()).not.toContain(hidden);
    expect(sent()).not.toMatch(/hidden|20, 22|-7, 7/);
  });

  it('HumanEval: the docstring examples are the visible tests and `test` is hidden', async () => {
    server.reset();
    const problem = humaneval.find((p) => p.entry_point === 'add')!;
    server.reply(
      '```python\ndef add(x: int, y: int):\n    return x - y\n```',
      '```python\ndef add(x: int, y: int):\n    return {(2, 3): 5, (5, 7): 12}[(x, y)]\n```',
    );
    const r = await run(jsonl('he.jsonl', [problem]), 'doc');
    expect(r.status, r.stderr).toBe(0);
    const [row] = rowsOf(r.stdout);
    // The second reply answers the examples from a table keyed by their inputs: it passes them,
    // but a flagged pass is not solved, so the loop ends at its cap saying why.
    expect(row).toMatchObject({ passed: false, visible_passed: false, hidden_passed: false, iterations: 2 });
    expect(row).toMatchObject({ end_reason: 'flagged-pass' });
    expect(JSON.stringify(row!.flags)).toContain('hardcoded-tests');
    expect(row!.hidden_result).toMatch(/^failed/);
    // The third request tells the model what was flagged and asks for a real solution.
    expect(server.chatRequests()).toHaveLength(3);
    expect(sent()).toMatch(/flagged/i);
    // The failure of a visible example went back to the model; nothing of `test` did.
    expect(sent()).toContain('add(2, 3) == 5');
    expect(sent()).not.toMatch(/candidate\(0, 1\)|random|METADATA/);
  });

  it('a candidate that passes both is passed', async () => {
    server.reset();
    server.reply('```python\ndef add_nums(a, b):\n    return a + b\n```');
    const r = await run(jsonl('mbpp-ok.jsonl', [MBPP]), '2');
    const [row, summary] = rowsOf(r.stdout);
    expect(row).toMatchObject({ passed: true, visible_passed: true, hidden_passed: true, hidden_tests: 1 });
    expect(summary).toMatchObject({ passed: 1, passed_first: 1 });
  });

  it('a value that does not fit the problems is an error', async () => {
    const he = jsonl('he-only.jsonl', [humaneval[0]]);
    const mb = jsonl('mbpp-only.jsonl', [MBPP]);
    for (const [file, value, message] of [
      [he, '2', /--visible-tests 2 is for MBPP problems/],
      [mb, 'doc', /--visible-tests doc is for HumanEval problems/],
      [mb, '0', /at least 1/],
      [mb, 'some', /at least 1/],
    ] as const) {
      const r = await run(file, value);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
