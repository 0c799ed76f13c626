// `fixpoint run` on LiveCodeBench rows against a local model endpoint: the model sees the
// statement, the starter code and the public tests; the private tests decide `passed` and never
// reach a request; a failure comes back as LiveCodeBench's self-repair feedback.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { jsonlWriter, rowsOf, runAgainst } from '../support/cli.ts';

const ROWS = rowsOf(readFileSync(resolve(import.meta.dirname, '../../fixtures/livecodebench/rows.jsonl'), 'utf8'));
const jsonl = jsonlWriter(mkdtempSync(join(tmpdir(), 'fixpoint-run-programs-')));
const row = (id: string): Record<string, unknown> => ROWS.find((r) => r.question_id === id)!;
// The private tests' inputs (fmt1: "one", "x  y"; fmt3: "1 2 5", "-7").
const PRIVATE = ['x  y', '1 2 5', '-7'];

describe('fixpoint run on LiveCodeBench rows', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());
  const sent = (): string => JSON.stringify(server.chatRequests().map((r) => r.body));

  it('repairs a wrong answer from the public test, and the private tests decide', async () => {
    server.reset();
    server.reply('```python\nprint(input())\n```', "```python\nprint(' '.join(input().split()[::-1]))\n```");
    const r = await runAgainst(jsonl('fmt1.jsonl', [row('fmt1')]), server.baseUrl);
    expect(r.status, r.stderr).toBe(0);
    const [result] = rowsOf(r.stdout);
    expect(result).toMatchObject({
      task_id: 'fmt1',
      passed: true,
      visible_passed: true,
      hidden_passed: true,
      iterations: 2,
    });
    const requests = server.chatRequests();
    expect(requests).toHaveLength(2);
    const repair = JSON.stringify(requests[1]!.body);
    expect(repair).toContain('got a wrong answer');
    expect(repair).toContain('Input:\\na b c');
    expect(repair).toContain('Generated Output:\\na b c');
    expect(repair).toContain('Expected:\\nc b a');
    expect(repair).toContain('The first difference is on output line 1: a b c != c b a');
    for (const hidden of PRIVATE) expect(sent()).not.toContain(hidden);
  });

  it('a program that passes the public tests but not the private ones does not pass', async () => {
    server.reset();
    // Right on the public test ("2\n3 4\n"), wrong on the private ones.
    server.reply('```python\ninput()\nprint(1.5)\nprint(2)\n```');
    const r = await runAgainst(jsonl('fmt3.jsonl', [row('fmt3')]), server.baseUrl);
    expect(r.status, r.stderr).toBe(0);
    const [result] = rowsOf(r.stdout);
    expect(result).toMatchObject({ passed: false, visible_passed: true, hidden_passed: false, visible_tests: 1 });
    expect(String(result!.hidden_result)).toMatch(/^failed: Wrong Answer at line 0: 1.5 != 0.5/);
    expect(server.chatRequests()).toHaveLength(1);
    for (const hidden of PRIVATE) expect(sent()).not.toContain(hidden);
  });

  it('LeetCode-style: the starter code is shown, and a runtime error is fed back with its input', async () => {
    server.reset();
    server.reply(
      '```python\nclass Solution:\n    def countPositives(self, nums):\n        return nums[7]\n```',
      '```python\nclass Solution:\n    def countPositives(self, nums):\n        return sum(x > 0 for x in nums)\n```',
    );
    const r = await runAgainst(jsonl('fmt2.jsonl', [row('fmt2')]), server.baseUrl);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)[0]).toMatchObject({ passed: true, iterations: 2 });
    const [first, repair] = server.chatRequests().map((q) => JSON.stringify(q.body));
    expect(first).toContain('def countPositives(self, nums: List[int]) -> int');
    expect(repair).toContain('got a runtime error');
    expect(repair).toContain('IndexError: list index out of range');
    expect(repair).toContain('Input:\\n[1, -2, 3]');
  });
});
