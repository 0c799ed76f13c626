// Tests written with console.assert in the built page, in real Chromium: under node a falsy
// console.assert only prints, so such tests would pass a wrong solution. In the loop's tests it
// fails the test (JavaScript and TypeScript), a right solution still passes, Node's line is still
// printed, plain programs and MultiPL-E grading keep node's behaviour, and a candidate cannot
// silence it.
import { jsJob } from '../support/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../src/shared/run.ts';
import { openPage, runIn, type PageContext } from './support/browser.ts';

const ADD = {
  javascript: 'function add(a, b) {\n  return a + b;\n}',
  typescript: 'function add(a: number, b: number): number {\n  return a + b;\n}',
};
const WRONG = {
  javascript: 'function add(a, b) {\n  return a - b;\n}',
  typescript: 'function add(a: number, b: number): number {\n  return a - b;\n}',
};
const TOP_LEVEL =
  'console.assert(add(2, 0) === 2, "adding zero");\nconsole.assert(add(2, 3) === 5, "two and three");\nconsole.assert(add(1, 1) === 2);';
const IN_TESTS =
  "test('adds', () => {\n  console.assert(add(2, 3) === 5, 'two and three');\n  console.log('went on');\n});\ntest('zero', () => {\n  console.assert(add(4, 0) === 4);\n});";

type Lang = 'javascript' | 'typescript';
const job = (language: Lang, code: string, tests?: string, extra: Partial<RunJob> = {}): RunJob =>
  jsJob(code, tests, { language, ...extra });
const ext = (language: Lang): string => (language === 'typescript' ? 'ts' : 'js');

describe('console.assert in the JavaScript runner', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it.each(['javascript', 'typescript'] as const)(
    '%s: top-level console.assert tests fail a wrong solution, each by its line, and pass a right one',
    async (language) => {
      const wrong = await runIn(ctx.page, job(language, WRONG[language], TOP_LEVEL));
      expect(wrong.status).toBe('failed');
      expect(wrong.result).toBe('failed: AssertionError: console.assert failed: two and three');
      // Each assertion is a test, as Python counts asserts: the one that held counts as passed.
      expect(wrong.tests.map((t) => [t.name, t.passed, t.source, t.message])).toEqual([
        [`tests.${ext(language)}:1`, true, 'console.assert(add(2, 0) === 2, "adding zero");', undefined],
        [
          `tests.${ext(language)}:2`,
          false,
          'console.assert(add(2, 3) === 5, "two and three");',
          'console.assert failed: two and three',
        ],
        [`tests.${ext(language)}:3`, false, 'console.assert(add(1, 1) === 2);', 'console.assert failed'],
      ]);
      // It compared nothing, so there is no expected and actual to show.
      expect(wrong.tests.map((t) => [t.expected, t.actual])).toEqual([
        [undefined, undefined],
        [undefined, undefined],
        [undefined, undefined],
      ]);
      // Node's own line is still printed, for each falsy assertion.
      expect(wrong.stderr).toBe('Assertion failed: two and three\nAssertion failed\n');
      const right = await runIn(ctx.page, job(language, ADD[language], TOP_LEVEL));
      expect([right.status, right.result, right.stderr]).toEqual(['passed', 'passed', '']);
      expect(right.tests.map((t) => t.passed)).toEqual([true, true, true]);
    },
  );

  it.each(['javascript', 'typescript'] as const)(
    '%s: inside test() the test fails with the message and the line, and the test runs to its end',
    async (language) => {
      const wrong = await runIn(ctx.page, job(language, WRONG[language], IN_TESTS));
      expect(wrong.status).toBe('failed');
      expect(wrong.tests.map((t) => [t.name, t.passed])).toEqual([
        ['adds', false],
        ['zero', true],
      ]);
      expect(wrong.tests[0]!.message).toBe(
        "AssertionError: console.assert failed: two and three\n\n  console.assert(add(2, 3) === 5, 'two and three');\n",
      );
      expect(wrong.result).toBe(`failed: adds: ${wrong.tests[0]!.message}`);
      expect(wrong.stdout).toBe('went on\n');
      const right = await runIn(ctx.page, job(language, ADD[language], IN_TESTS));
      expect(right.status).toBe('passed');
      expect(right.tests.map((t) => t.passed)).toEqual([true, true]);
    },
  );

  it("keeps node's print-only behaviour in a plain program and in MultiPL-E grading", async () => {
    const plain = await runIn(ctx.page, job('javascript', 'console.assert(1 > 2, "never");\nconsole.log("done");'));
    expect([plain.status, plain.stdout, plain.stderr]).toEqual(['passed', 'done\n', 'Assertion failed: never\n']);
    const graded = await runIn(ctx.page, job('javascript', WRONG.javascript, TOP_LEVEL, { mode: 'reference' }));
    expect(graded.result).toBe('passed');
  });

  it('cannot be silenced by the candidate, nor undone by replacing it after a failure', async () => {
    const silencing = `${WRONG.javascript}\nconsole.assert = () => {};\nconsole.error = () => {};`;
    const silenced = await runIn(ctx.page, job('javascript', silencing, TOP_LEVEL));
    expect(silenced.status).toBe('failed');
    expect(silenced.tests.map((t) => t.message)).toEqual([
      undefined,
      'console.assert failed: two and three',
      'console.assert failed',
    ]);
    // A candidate that replaces it while a test runs cannot take back the failure already seen.
    const sneaky = 'function add(a, b) {\n  if (a === 9) console.assert = () => {};\n  return a - b;\n}';
    const after = await runIn(
      ctx.page,
      job(
        'javascript',
        sneaky,
        "test('sneaky', () => {\n  console.assert(add(2, 3) === 5, 'first');\n  add(9, 0);\n});",
      ),
    );
    expect(after.tests.map((t) => [t.name, t.passed])).toEqual([['sneaky', false]]);
    expect(after.tests[0]!.message).toMatch(/^AssertionError: console\.assert failed: first/);
    // The candidate's own falsy console.assert, called from a test, fails that test too.
    const checks = 'function half(n) {\n  console.assert(n % 2 === 0, "odd input");\n  return n / 2;\n}';
    const own = await runIn(ctx.page, job('javascript', checks, "test('odd', () => { half(3); });"));
    expect(own.tests.map((t) => [t.name, t.passed])).toEqual([['odd', false]]);
    expect(own.tests[0]!.message).toContain(
      'console.assert failed: odd input\n\n  console.assert(n % 2 === 0, "odd input");',
    );
  });
});
