// The command line end to end: the built page in headless Chromium, real files, real endpoints.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { hasPython } from './support/native.ts';
import { cli, jsonlWriter, rowsOf, runAgainst } from './support/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DATA = resolve(ROOT, 'data');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-cli-e2e-'));
const jsonl = jsonlWriter(dir);
const readGz = (p: string): Record<string, unknown>[] =>
  gunzipSync(readFileSync(p))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('fixpoint eval', () => {
  it('grades HumanEval samples in input order, as the reference harness does', async () => {
    const problems = readGz(join(DATA, 'humaneval/HumanEval.jsonl.gz')).slice(0, 3);
    const samples = jsonl('he-samples.jsonl', [
      { task_id: problems[0]!.task_id, completion: problems[0]!.canonical_solution },
      { task_id: problems[1]!.task_id, completion: '    while True:\n        pass\n' },
      { task_id: problems[2]!.task_id, completion: '    return -1\n' },
      { task_id: problems[0]!.task_id, completion: '    raise ValueError("nope")\n' },
    ]);
    const out = join(dir, 'he-out.jsonl');
    const r = await cli([
      'eval',
      '--problems',
      join(DATA, 'humaneval/HumanEval.jsonl.gz'),
      '--samples',
      samples,
      '--timeout',
      '1',
      '--workers',
      '2',
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const got = rowsOf(readFileSync(out, 'utf8'));
    expect(got.map((g) => [g.task_id, g.passed, g.result])).toEqual([
      ['HumanEval/0', true, 'passed'],
      ['HumanEval/1', false, 'timed out'],
      ['HumanEval/2', false, 'failed: '],
      ['HumanEval/0', false, 'failed: nope'],
    ]);
    const summary = rowsOf(r.stdout).at(-1)!;
    expect(summary).toMatchObject({ summary: true, samples: 4, passed: 1 });
    expect(r.stderr).toMatch(/graded 4\/4/);
  });

  it('grades MBPP programs like native CPython running the same check programs', async () => {
    const problems = readGz(join(DATA, 'mbpp/mbpp.jsonl.gz')).slice(10, 30);
    const probFile = jsonl('mbpp-problems.jsonl', problems);
    const samples = jsonl(
      'mbpp-samples.jsonl',
      problems.map((p, i) => ({ task_id: p.task_id, completion: i % 4 === 3 ? 'def nothing():\n    pass\n' : p.code })),
    );
    const r = await cli(['eval', '--problems', probFile, '--samples', samples]);
    expect(r.status, r.stderr).toBe(0);
    const ours = rowsOf(r.stdout).slice(0, -1);
    expect(ours).toHaveLength(20);
    expect(ours.filter((o) => o.passed)).toHaveLength(15);
    if (!hasPython) return;
    const native = await new Promise<string>((ok) => {
      const child = spawn(
        'python3',
        ['tests/fixtures/reference_execution.py', '--problems', probFile, '--samples', samples],
        { cwd: ROOT },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d));
      child.on('close', () => ok(text));
    });
    expect(ours.map((o) => o.result)).toEqual(rowsOf(native).map((n) => n.result));
  });
});

describe('fixpoint run', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai', apiKey: 'sk-test-123' });
  });
  afterAll(() => server?.close());

  const problem = readGz(join(DATA, 'humaneval/HumanEval.jsonl.gz')).find((p) => p.entry_point === 'add')!;
  const fence = (body: string): string =>
    `Here is the function.\n\n\`\`\`python\ndef add(x: int, y: int):\n${body}\`\`\`\n`;

  it('repairs a failing candidate from feedback and reports every attempt', async () => {
    server.reply(fence('    return x - y\n'), fence('    return x + y\n'));
    const problems = jsonl('run-problems.jsonl', [problem]);
    const prices = ['--price-in', '2', '--price-out', '8'];
    const r = await runAgainst(problems, server.baseUrl, prices, { FIXPOINT_API_KEY: 'sk-test-123' });
    expect(r.status, r.stderr).toBe(0);
    const [row, summary] = rowsOf(r.stdout);
    expect(row).toMatchObject({
      task_id: problem.task_id,
      passed: true,
      iterations: 2,
      result: 'passed',
      end_reason: 'passed',
    });
    const attempts = row!.attempts as { result: string; feedback: string; usage: { input_tokens: number } }[];
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.result).toMatch(/^failed/);
    expect(attempts[0]!.feedback).toMatch(/expected|assert/i);
    expect(row!.completion).toContain('return x + y');
    const usage = row!.usage as { input_tokens: number; output_tokens: number };
    expect(usage.input_tokens).toBe(attempts[0]!.usage.input_tokens + attempts[1]!.usage.input_tokens);
    expect(summary).toMatchObject({ summary: true, problems: 1, passed: 1, passed_first: 0 });
    // Prices given, the summary says what the run cost, as the page's benchmark view does.
    const cost = (usage.input_tokens * 2 + usage.output_tokens * 8) / 1_000_000;
    expect(summary!.cost).toBeCloseTo(cost, 12);
    expect(summary!.cost_per_solved).toBeCloseTo(cost, 12);
    expect(r.stderr).toMatch(/Cost: \$\d+\.\d{4}, \$\d+\.\d{4} per solved task/);
    // The second request carried the failure back to the model.
    const second = server.chatRequests()[1]!.body as { messages: { content: string }[] };
    expect(JSON.stringify(second.messages)).toMatch(/x - y|failed/);
  });

  it('repairs a MultiPL-E JavaScript problem after a failing first attempt', async () => {
    const record = readGz(join(DATA, 'multipl-e/humaneval-js.jsonl.gz')).find((p) => p.name === 'HumanEval_53_add')!;
    const jsFence = (body: string): string =>
      `Here is the function.\n\n\`\`\`javascript\nfunction add(x, y){\n${body}}\n\`\`\`\n`;
    server.reply(jsFence('  return x - y;\n'), jsFence('  return x + y;\n'));
    const before = server.chatRequests().length;
    const problems = jsonl('run-js.jsonl', [record]);
    const r = await runAgainst(problems, server.baseUrl, [], { FIXPOINT_API_KEY: 'sk-test-123' });
    expect(r.status, r.stderr).toBe(0);
    const [row, summary] = rowsOf(r.stdout);
    expect(row).toMatchObject({
      task_id: 'HumanEval_53_add',
      passed: true,
      iterations: 2,
      result: 'passed',
      end_reason: 'passed',
    });
    const attempts = row!.attempts as { result: string; feedback: string }[];
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.result).toMatch(/^failed: .*AssertionError/);
    expect(attempts[0]!.feedback).toMatch(/expected|assert/i);
    expect(attempts[1]!.result).toBe('passed');
    expect(row!.completion).toContain('return x + y');
    expect(summary).toMatchObject({ summary: true, problems: 1, passed: 1, passed_first: 0 });
    // The model was asked for JavaScript, and the second request carried the failure back.
    const [first, second] = server.chatRequests().slice(before);
    expect(JSON.stringify((first!.body as { messages: unknown[] }).messages)).toMatch(/javascript/i);
    expect(JSON.stringify((second!.body as { messages: unknown[] }).messages)).toMatch(/x - y|failed/);
  });

  it('stops with the reason when the key is refused', async () => {
    const problems = jsonl('run-problems2.jsonl', [problem, { ...problem, task_id: 'HumanEval/x' }]);
    const r = await runAgainst(problems, server.baseUrl, ['--api-key', 'sk-wrong']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/stopped after 1 of 2 problems/);
    expect(r.stderr).toMatch(/key/i);
    expect(r.stderr).not.toContain('sk-wrong');
    expect(rowsOf(r.stdout)[0]).toMatchObject({ passed: false, end_reason: 'endpoint-failed' });
  });
});
