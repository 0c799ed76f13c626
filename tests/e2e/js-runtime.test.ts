// The JavaScript runtime in the built page, in real Chromium: MultiPL-E's rule against native
// node on hand-written completions (right, wrong, throwing, looping, exiting early), the loop's
// strict verdicts, and per-test feedback.
import { jsJob } from '../support/jobs.ts';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from '../../cli/files.ts';
import { parseSamples, type Problem } from '../../src/shared/problems.ts';
import { parseProblems, problemJob } from '../../src/kinds/rows.ts';
import { MODES, openPage, runIn, type PageContext } from './support/browser.ts';
import { JS_SAMPLES, MULTIPL_E_JS, nodeVerdicts, verdictOf } from './support/node-native.ts';

const problems = new Map<string, Problem>(
  parseProblems(readText(MULTIPL_E_JS), MULTIPL_E_JS).map((p) => [p.taskId, p]),
);
const samples = parseSamples(readFileSync(JS_SAMPLES, 'utf8'), JS_SAMPLES, problems);
const cases = readFileSync(JS_SAMPLES, 'utf8')
  .trim()
  .split('\n')
  .map((l) => (JSON.parse(l) as { case: string }).case);

describe.each(MODES)('JavaScript runtime ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it('grades MultiPL-E completions as native node does, and runs the next job after each', async () => {
    const jobs = samples.map((s) => problemJob(problems.get(s.taskId)!, s.completion, 3));
    const ours: string[] = [];
    for (const job of jobs) {
      ours.push((await runIn(ctx.page, job)).result);
      const next = await runIn(ctx.page, jsJob('console.log(6 * 7)'));
      expect(next.stdout).toBe('42\n');
    }
    const byCase = Object.fromEntries(cases.map((c, i) => [`${samples[i]!.taskId} ${c}`, ours[i]]));
    expect(byCase['HumanEval_53_add correct']).toBe('passed');
    expect(byCase['HumanEval_53_add string result (loose deepEqual)']).toBe('passed');
    expect(byCase['HumanEval_53_add process.exit(0) before the tests']).toBe('passed');
    expect(byCase['HumanEval_53_add loops']).toBe('timed out');
    expect(byCase['HumanEval_53_add wrong']).toMatch(/^failed: AssertionError: /);
    expect(byCase['HumanEval_53_add throws']).toBe('failed: TypeError: no');
    expect(byCase['HumanEval_53_add syntax error']).toMatch(/^failed: SyntaxError: /);
    const native = nodeVerdicts(
      jobs.map((j) => `${j.code}\n${j.tests.kind === 'user' ? j.tests.source : ''}`),
      3,
    );
    if (!native) return;
    const differs = cases.filter((_, i) => verdictOf(ours[i]!) !== native[i]);
    expect(differs).toEqual([]);
  });

  it('feedback: per-test names, expected and actual, output, and the line in the candidate', async () => {
    const r = await runIn(
      ctx.page,
      jsJob(
        'function add(a, b) {\n  console.log("adding", a, b);\n  return a - b;\n}',
        "const assert = require('node:assert');\ntest('adds', () => assert.strictEqual(add(2, 3), 5));\ntest('zero', async () => { await new Promise((r) => setTimeout(r, 5)); assert.deepEqual(add(0, 0), 0); });",
      ),
    );
    expect(r.status).toBe('failed');
    expect(r.tests.map((t) => [t.name, t.passed])).toEqual([
      ['adds', false],
      ['zero', true],
    ]);
    expect(r.tests[0]).toMatchObject({ expected: '5', actual: '-1' });
    expect(r.stdout).toBe('adding 2 3\nadding 0 0\n');
    const thrown = await runIn(ctx.page, jsJob('function f(x) {\n  return x.y.z;\n}', 'f({});'));
    expect(thrown.exception).toMatchObject({ type: 'TypeError', line: 2 });
    expect(thrown.exception?.traceback).toMatch(/at f \(main\.js:2:\d+\)/);
    expect(thrown.exception?.traceback).not.toMatch(/blob:/);
    const syntax = await runIn(ctx.page, jsJob('let a = 1;\nlet b = ;'));
    expect(syntax.exception).toMatchObject({ type: 'SyntaxError', line: 2, syntax: true });
  });

  it('feedback is strict: leaving before the tests ran never passes', async () => {
    const tests = "require('assert').strictEqual(add(1, 2), 3);";
    for (const code of [
      'function add() { return 0 }\nprocess.exit(0);',
      'function add() { return 0 }\ntry { process.exit(0) } catch {}',
    ]) {
      const r = await runIn(ctx.page, jsJob(code, tests));
      expect(r.status, code).not.toBe('passed');
    }
    const ok = await runIn(ctx.page, jsJob('function add(a, b) { return a + b }', tests));
    expect(ok.status).toBe('passed');
  });

  it("node:test's options: a test or describe given them runs its function, unless they skip it", async () => {
    const assert = "const assert = require('node:assert');\n";
    const wrong = 'function add(a, b) { return a - b }';
    const withOptions = await runIn(
      ctx.page,
      jsJob(
        wrong,
        `${assert}test('adds', { timeout: 500 }, () => assert.strictEqual(add(2, 3), 5));\ndescribe('math', { timeout: 500 }, () => { it('zero', () => assert.strictEqual(add(0, 1), 1)); });`,
      ),
    );
    expect(withOptions.status).toBe('failed');
    expect(withOptions.tests.map((t) => [t.name, t.passed])).toEqual([
      ['adds', false],
      ['math > zero', false],
    ]);
    const skipped = await runIn(
      ctx.page,
      jsJob(wrong, `${assert}test('adds', { skip: true }, () => assert.strictEqual(add(2, 3), 5));`),
    );
    expect(skipped.status).toBe('passed');
    expect(skipped.tests).toEqual([]);
  });

  it('Node built-ins other than assert say they need the Node.js project runner', async () => {
    const r = await runIn(ctx.page, jsJob("const fs = require('fs');"));
    expect(r.status).toBe('error');
    expect(r.result).toMatch(/not available in the offline JavaScript runner.*Node\.js project/);
  });

  it('a run past its limit is stopped and the next one starts at once', async () => {
    const r = await runIn(
      ctx.page,
      jsJob('while (true) {}', undefined, { limits: { timeoutSec: 0.5, outputCap: 1000 } }),
    );
    expect(r.status).toBe('timed out');
    const next = await runIn(ctx.page, jsJob('console.log("next")'));
    expect(next.stdout).toBe('next\n');
    const stack = await runIn(ctx.page, jsJob('function f() { return f() + 1 }\nf();'));
    expect(stack.result).toBe('failed: RangeError: Maximum call stack size exceeded');
  });
});
