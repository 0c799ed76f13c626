// Batch runs beyond one machine: an eval split in two parts (one from --shard, one from a
// Kubernetes Indexed Job's environment) and merged gives the unsharded run's rows; an interrupted
// --out resumes, running only what is not there yet.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { cli, jsonlWriter, rowsOf, runAgainst } from './support/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const HUMANEVAL = join(ROOT, 'data/humaneval/HumanEval.jsonl.gz');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-shard-e2e-'));
const jsonl = jsonlWriter(dir);
const humanEval = gunzipSync(readFileSync(HUMANEVAL))
  .toString('utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, string>);
const problems = humanEval.slice(0, 5);
// Two samples a task, one right and one wrong: 10 rows, parts of a few rows each.
const samples = jsonl(
  'samples.jsonl',
  problems.flatMap((p) => [
    { task_id: p.task_id, completion: p.canonical_solution },
    { task_id: p.task_id, completion: '    return None\n' },
  ]),
);
const evalTo = (out: string, extra: string[] = [], env: Record<string, string> = {}) =>
  cli(['eval', '--problems', HUMANEVAL, '--samples', samples, '--workers', '1', '--out', out, ...extra], env);
const read = (f: string): string => readFileSync(f, 'utf8');

describe('eval in parts', () => {
  const whole = join(dir, 'whole.jsonl');
  beforeAll(async () => {
    const r = await evalTo(whole);
    expect(r.status, r.stderr).toBe(0);
  });

  it('gives, merged, the rows of the unsharded run in input order', async () => {
    const parts = [join(dir, 'part-0.jsonl'), join(dir, 'part-1.jsonl')];
    const r0 = await evalTo(parts[0]!, ['--shard', '0/2']);
    const r1 = await evalTo(parts[1]!, [], { JOB_COMPLETION_INDEX: '1', FIXPOINT_SHARDS: '2' });
    expect(r0.status, r0.stderr).toBe(0);
    expect(r1.status, r1.stderr).toBe(0);
    expect(r1.stderr).toMatch(/part 1\/2 \(from JOB_COMPLETION_INDEX and FIXPOINT_SHARDS\): \d+ of 10 samples/);
    const sizes = parts.map((p) => rowsOf(read(p)).length);
    expect(sizes[0]! + sizes[1]!).toBe(10);
    expect(sizes.every((n) => n > 0)).toBe(true);

    const merged = join(dir, 'merged.jsonl');
    const m = await cli(['merge', '--out', merged, parts[1]!, parts[0]!]);
    expect(m.status, m.stderr).toBe(0);
    expect(read(merged)).toBe(read(whole));
    expect(rowsOf(m.stdout)[0]).toMatchObject({ summary: true, samples: 10, passed: 5 });

    // A part left out is reported, with the rows it held.
    const half = await cli(['merge', '--out', join(dir, 'half.jsonl'), parts[0]!]);
    expect(half.status).toBe(1);
    expect(half.stderr).toMatch(new RegExp(`${10 - sizes[0]!} of 10 rows are missing.*no rows at all from part 1/2`));
    // The same rows twice are refused, and nothing is written.
    const copy = join(dir, 'copy.jsonl');
    writeFileSync(copy, read(parts[0]!));
    const twice = await cli(['merge', '--out', join(dir, 'twice.jsonl'), parts[0]!, parts[1]!, copy]);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/overlap[^]*input row \d+ .* is both .*part-0\.jsonl:1 and .*copy\.jsonl:1/);
    expect(existsSync(join(dir, 'twice.jsonl'))).toBe(false);
  });

  it('resumes an interrupted --out: its rows are kept, a half-written last line is graded again', async () => {
    const out = join(dir, 'resumed.jsonl');
    const lines = read(whole).split('\n');
    writeFileSync(out, `${lines.slice(0, 4).join('\n')}\n${lines[4]!.slice(0, 30)}`);
    const r = await evalTo(out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/holds 4 rows already; running the other 6/);
    expect(r.stderr).toMatch(/graded 6\/6/);
    expect(read(out)).toBe(read(whole));
    expect(rowsOf(r.stdout).at(-1)).toMatchObject({ summary: true, samples: 10, passed: 5 });
  });
});

describe('run, resumed', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());

  it('after the endpoint stopped it, asks again only for the problems without a row', async () => {
    const add = humanEval.find((p) => p.entry_point === 'add');
    const file = jsonl(
      'run-problems.jsonl',
      ['A', 'B', 'C'].map((id) => ({ ...add, task_id: `add/${id}` })),
    );
    const out = join(dir, 'run.jsonl');
    const fence = '```python\ndef add(x: int, y: int):\n    return x + y\n```\n';
    server.reply(fence);
    server.script('quota');
    const first = await runAgainst(file, server.baseUrl, ['--workers', '1', '--out', out]);
    expect(first.status).toBe(1);
    expect(rowsOf(read(out)).map((r) => r.end_reason)).toEqual(['passed', 'endpoint-failed']);

    server.reply(fence, fence);
    const before = server.chatRequests().length;
    const second = await runAgainst(file, server.baseUrl, ['--workers', '1', '--out', out]);
    expect(second.status, second.stderr).toBe(0);
    expect(server.chatRequests().length - before).toBe(2);
    expect(rowsOf(read(out)).map((r) => [r.task_id, r.passed])).toEqual([
      ['add/A', true],
      ['add/B', true],
      ['add/C', true],
    ]);
  });
});
