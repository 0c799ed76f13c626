// JavaScript tests counted as Python counts its asserts, in the built page in real Chromium:
// outside test(), each assertion the tests make is a test of its own, named by its line (a
// failing one is recorded and the tests go on, as Python goes on to its next assert); each
// test() or it() is one. The feedback a model reads shows a failed assertion's values once.
import { jsJob } from '../support/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeedback } from '../../src/loop/feedback.ts';
import { openPage, runIn, type PageContext } from './support/browser.ts';
import { testsPassed } from '../../src/ui/common/verdict.ts';

const RIGHT = 'function add(a, b) {\n  return a + b;\n}';
const WRONG = 'function add(a, b) {\n  return a - b;\n}';
const ASSERTS = `const assert = require('node:assert');
assert.strictEqual(add(2, 0), 2);
assert.strictEqual(add(2, 3), 5);
assert.deepStrictEqual([add(1, 1)], [2]);
console.assert(add(0, 0) === 0);`;
const TESTS = `const assert = require('node:assert');
test('zero', () => assert.strictEqual(add(2, 0), 2));
describe('sums', () => {
  it('two and three', () => assert.strictEqual(add(2, 3), 5));
  it('ones', () => assert.deepStrictEqual([add(1, 1)], [2]));
});`;

describe('JavaScript test counts', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it('counts each top-level assertion: "4/4" on a pass, and the feedback says so', async () => {
    const r = await runIn(ctx.page, jsJob(RIGHT, ASSERTS));
    expect(r.status).toBe('passed');
    expect(testsPassed(r)).toBe('4/4');
    expect(r.tests.map((t) => [t.name, t.passed])).toEqual([
      ['tests.js:2', true],
      ['tests.js:3', true],
      ['tests.js:4', true],
      ['tests.js:5', true],
    ]);
    expect(buildFeedback(r, { code: RIGHT, lineOffset: 0 })).toBe('All 4 tests pass.');
  });

  it('goes on after a failing top-level assertion, as Python goes on to its next assert', async () => {
    const r = await runIn(ctx.page, jsJob(WRONG, ASSERTS));
    expect(r.status).toBe('failed');
    expect(testsPassed(r)).toBe('2/4');
    expect(r.tests.map((t) => [t.name, t.passed, t.source])).toEqual([
      ['tests.js:2', true, 'assert.strictEqual(add(2, 0), 2);'],
      ['tests.js:3', false, 'assert.strictEqual(add(2, 3), 5);'],
      ['tests.js:4', false, 'assert.deepStrictEqual([add(1, 1)], [2]);'],
      ['tests.js:5', true, 'console.assert(add(0, 0) === 0);'],
    ]);
    const text = buildFeedback(r, { code: WRONG, lineOffset: 0 });
    // Each value once, not again in the error, in the exception and in its traceback.
    expect(text).toContain('2 of 4 tests failed:\n1. tests.js:3: assert.strictEqual(add(2, 3), 5);');
    expect(text.split('-1').length).toBe(2);
    expect(text.split('strictly equal').length).toBe(2);
    expect(text).toContain('The first failure was raised:\n    at tests.js:3:');
  });

  it('a loop of assertions on one line is one test, failed when any call fails', async () => {
    const tests =
      "const assert = require('node:assert');\nfor (const [a, b] of [[1, 1], [2, 2], [3, 3]]) assert.strictEqual(add(a, 0), b);";
    const r = await runIn(ctx.page, jsJob(RIGHT, tests));
    expect(testsPassed(r)).toBe('1/1');
    const w = await runIn(ctx.page, jsJob('function add(a, b) { return a === 2 ? 0 : a + b; }', tests));
    expect([w.status, testsPassed(w)]).toEqual(['failed', '0/1']);
  });

  it('counts each test() and it(): "3/3" on a pass, "1/3" with the failures named', async () => {
    const r = await runIn(ctx.page, jsJob(RIGHT, TESTS));
    expect([r.status, testsPassed(r)]).toEqual(['passed', '3/3']);
    const w = await runIn(ctx.page, jsJob(WRONG, TESTS));
    expect([w.status, testsPassed(w)]).toEqual(['failed', '1/3']);
    expect(w.tests.filter((t) => !t.passed).map((t) => t.name)).toEqual(['sums > two and three', 'sums > ones']);
    const text = buildFeedback(w, { code: WRONG, lineOffset: 0 });
    expect(text.split('Expected values to be strictly equal').length).toBe(2);
    expect(text.split('-1').length).toBe(2);
    expect(text).not.toContain('+ actual - expected');
  });

  it("an assertion the candidate makes is the candidate's own: it still throws, and is not counted", async () => {
    const code =
      "const assert = require('node:assert');\nfunction add(a, b) { assert.ok(a >= 0, 'negative'); return a + b; }";
    const tests =
      "const assert = require('node:assert');\nassert.throws(() => add(-1, 1));\nassert.strictEqual(add(1, 1), 2);";
    const r = await runIn(ctx.page, jsJob(code, tests));
    expect([r.status, testsPassed(r)]).toEqual(['passed', '2/2']);
  });
});
