// Hostile TypeScript: a short type-level program that keeps the compiler busy for minutes. Its
// run is timed out within about its own limit, in the type check, and a correct candidate checked
// at the same time passes, in the page (both isolation modes) and in `eval` on MultiPL-E.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import { MODES, openPage, type PageContext } from '../support/browser.ts';
import { cli, jsonlWriter, rowsOf } from '../support/cli.ts';
import { addProblemFile } from '../support/multipl-e.ts';
import { STALLING_TYPES } from '../support/stalling-types.ts';

const ADD = 'function add(a: number, b: number): number {\n  return a + b;\n}\n';
const TESTS = "const assert = require('node:assert');\ntest('adds', () => assert.strictEqual(add(2, 3), 5));";
const LIMIT_SEC = 3;

const tsJob = (code: string): RunJob => ({
  language: 'typescript',
  code,
  tests: { kind: 'user', source: TESTS },
  limits: { timeoutSec: LIMIT_SEC, outputCap: 4096 },
  mode: 'feedback',
});

/** Runs the jobs at the same time; each result with the milliseconds it took to arrive. */
function runTogether(ctx: PageContext, jobs: RunJob[]): Promise<{ result: RunResult; ms: number }[]> {
  return ctx.page.evaluate(
    (js) =>
      Promise.all(
        js.map(async (j) => {
          const t = performance.now();
          const result = await window.fixpoint.run(j);
          return { result, ms: performance.now() - t };
        }),
      ),
    jobs,
  );
}

describe.each(MODES)('hostile TypeScript ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1, ['javascript', 'typescript']));
    // The loop's checker is set up as a page that has checked code before has it.
    await ctx.page.evaluate(() => window.fixpoint.typecheck('', { strict: true }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a program whose types the compiler cannot finish times out at its limit, and the one beside it passes', async () => {
    const [stalled, sibling] = await runTogether(ctx, [tsJob(`${ADD}${STALLING_TYPES}`), tsJob(ADD)]);
    expect(sibling!.result.status, sibling!.result.result).toBe('passed');
    expect(stalled!.result.status, stalled!.result.result).toBe('timed out');
    expect(stalled!.result.runningTest).toMatch(/type check/);
    // Its limit is 3 s; before, the checker gave up only after 60 s.
    expect(stalled!.ms).toBeLessThan(20_000);
    const [next] = await runTogether(ctx, [tsJob(ADD)]);
    expect(next!.result.status, next!.result.result).toBe('passed');
  });
});

describe('hostile TypeScript in eval', () => {
  it('grades the stalling sample timed out and the correct one passed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-ts-hostile-'));
    const samples = jsonlWriter(dir)('samples.jsonl', [
      { task_id: 'HumanEval_53_add', completion: `  return x + y;\n}\n${STALLING_TYPES}` },
      { task_id: 'HumanEval_53_add', completion: '  return x + y;\n}\n' },
    ]);
    const out = join(dir, 'out.jsonl');
    const r = await cli([
      'eval',
      '--problems',
      addProblemFile('ts'),
      '--samples',
      samples,
      '--timeout',
      String(LIMIT_SEC),
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf(readFileSync(out, 'utf8')).map((g) => [g.passed, g.result])).toEqual([
      [false, 'timed out'],
      [true, 'passed'],
    ]);
  });
});
