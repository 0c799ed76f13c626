// Candidates against tests written with node:test's test(), it() and describe(): each tries to
// have the harness record a pass it did not earn, by what it throws or by what it patches before
// the tests run, or to make the harness fail for its own reasons. Node fails every one, with the
// candidate's error; so must the loop, a classroom's grade and eval.
import { jsJob } from '../../support/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../../src/shared/run.ts';
import { MODES, openPage, runIn, type PageContext } from '../support/browser.ts';

const ASSERT = "const assert = require('node:assert');\n";
const TESTS = `${ASSERT}test('adds', () => assert.strictEqual(add(2, 3), 5));`;
const ASYNC_TESTS = `${ASSERT}test('adds', async () => assert.strictEqual(await add(2, 3), 5));`;
const CONSOLE_TESTS = "test('adds', () => { console.assert(add(2, 3) === 5, 'add'); });";
const RIGHT = 'function add(a, b) { return a + b; }';
const WRONG = 'function add(a, b) { return a - b; }\n';

/** A global Promise whose every promise has already fulfilled. */
const FAKE_PROMISE = 'self.Promise = function () { return { then(ok) { ok(); } }; };\nself.Promise.resolve = (v) => v;';

type Mode = RunJob['mode'];
const ALL: Mode[] = ['feedback', 'grade', 'reference'];

interface Attack {
  language?: 'javascript' | 'typescript';
  code: string;
  tests?: string;
  /** What the failed result names: the test, and why. */
  reason: RegExp;
  /** failed, or error for what ends the program (as an uncaught error ends node). */
  status?: 'failed' | 'error';
  modes?: Mode[];
}

const ATTACKS: Record<string, Attack> = {
  'throws undefined': { code: 'function add() { throw undefined; }', reason: /adds: .*undefined/ },
  'rejects with no reason': {
    code: 'function add() { return Promise.reject(); }',
    tests: ASYNC_TESTS,
    reason: /adds: .*undefined/,
  },
  'throws undefined from an async function': {
    code: 'async function add() { await null; throw undefined; }',
    tests: ASYNC_TESTS,
    reason: /adds: .*undefined/,
  },
  'puts a setter on Array.prototype[0] that swallows the tests as they register': {
    code: `${WRONG}Object.defineProperty(Array.prototype, '0', { set() {}, configurable: true });`,
    reason: /adds: AssertionError/,
  },
  'puts setters on Array.prototype[0..9] before tests grouped by describe': {
    code: `${WRONG}for (let i = 0; i < 10; i++) Object.defineProperty(Array.prototype, i, { set() {}, get() {}, configurable: true });`,
    tests: `${ASSERT}describe('math', () => { it('adds', () => assert.strictEqual(add(2, 3), 5)); });`,
    reason: /math > adds: AssertionError/,
  },
  'makes every outcome look skipped (an Object.prototype getter)': {
    code: `${WRONG}Object.defineProperty(Object.prototype, 'skipped', { get: () => true, configurable: true });`,
    reason: /adds: AssertionError/,
  },
  "swaps the tests' entry point through Object.defineProperty": {
    code: `${WRONG}const define = Object.defineProperty;
Object.defineProperty = (o, k, d) => define(o, k, String(k).startsWith('__fixpoint_') ? { value() {}, configurable: true } : d);`,
    reason: /adds: AssertionError/,
  },
  'makes the name of the entry point predictable and takes it first': {
    code: `${WRONG}Object.getPrototypeOf(Uint8Array.prototype)[Symbol.iterator] = function* () {};
Number.prototype.toString = () => '';
Array.prototype.join = () => '';
Object.defineProperty(self, '__fixpoint_', { value() {}, configurable: false });`,
    reason: /adds: AssertionError/,
  },
  "makes Promise.prototype.constructor throw, having handled the test's rejection": {
    code: `async function add(a, b) { return a - b; }
const then = Promise.prototype.then;
let busy = false;
Object.defineProperty(Promise.prototype, 'constructor', {
  get() {
    if (busy) return Promise;
    busy = true;
    try { then.call(this, undefined, () => {}); } finally { busy = false; }
    throw new TypeError('not a promise');
  },
  configurable: true,
});`,
    tests: ASYNC_TESTS,
    reason: /adds: TypeError: not a promise/,
  },
  'makes Promise[Symbol.species] throw': {
    code: `async function add(a, b) { return a - b; }
const then = Promise.prototype.then;
let busy = false;
Object.defineProperty(Promise, Symbol.species, { get() { if (busy) return Promise; throw new TypeError('no species'); }, configurable: true });
Object.defineProperty(Promise.prototype, 'constructor', {
  get() {
    if (!busy) { busy = true; try { then.call(this, undefined, () => {}); } finally { busy = false; } }
    return Promise;
  },
  configurable: true,
});`,
    tests: ASYNC_TESTS,
    reason: /adds: TypeError: no species/,
  },
  'returns a thenable that rejects': {
    code: "function add() { return { then(ok, fail) { fail(new RangeError('too big')); } }; }",
    tests: "test('adds', () => add(2, 3));",
    reason: /adds: RangeError: too big/,
  },
  'plants skip on Object.prototype, against tests given options': {
    code: `${WRONG}Object.prototype.skip = true; Object.prototype.todo = true;`,
    tests: `${ASSERT}test('adds', { timeout: 1000 }, () => assert.strictEqual(add(2, 3), 5));`,
    reason: /adds: AssertionError/,
  },
  'breaks array destructuring, against tests named by their function': {
    code: `${WRONG}Array.prototype[Symbol.iterator] = function* () {};`,
    tests: `${ASSERT}test(function adds() { assert.strictEqual(add(2, 3), 5); });`,
    reason: /adds: AssertionError/,
  },
  'replaces Promise, against assert.rejects': {
    code: `async function check(n) { return true; }\n${FAKE_PROMISE}`,
    tests: `${ASSERT}test('rejects negatives', async () => { await assert.rejects(() => check(-1)); });`,
    reason: /rejects negatives: AssertionError/,
  },
  'replaces Promise, against assert.doesNotReject': {
    code: `async function check(n) { throw new Error('no'); }\n${FAKE_PROMISE}`,
    tests: `${ASSERT}test('accepts one', async () => { await assert.doesNotReject(() => check(1)); });`,
    reason: /accepts one: AssertionError/,
  },
  'plants get and set on Object.prototype, which every property definition reads': {
    code: `${WRONG}Object.prototype.get = function () { return 5; };\nObject.prototype.set = function () {};`,
    reason: /adds: AssertionError/,
  },
  // TypeScript's own emit of a namespace takes more lines than the code it came from.
  "is TypeScript whose emit moves its last line into the tests' function": {
    language: 'typescript',
    code: `function add(a: number, b: number): number { return a - b; }
namespace N {
  export const x = 1;
  export const y = 2;
}
var test: any = () => {};`,
    reason: /adds: AssertionError/,
    modes: ['feedback', 'grade'],
  },
  'replaces RegExp, which the harness reads stack lines with, and throws': {
    code: "function add() { throw new Error('boom'); }\nself.RegExp = function () { return {}; };",
    reason: /adds: Error: boom/,
  },
  "replaces SyntaxError, against a classroom's top-level asserts": {
    code: `${WRONG}self.SyntaxError = 1;`,
    tests: `${ASSERT}assert.strictEqual(add(2, 3), 5);`,
    reason: /AssertionError/,
  },
  // Outside test(), a failing assertion in the tests is recorded and the tests go on (each is a
  // test, as Python's asserts are); a candidate that confuses where the call came from only gets
  // node's throw back.
  'makes every stack look like its own, against top-level asserts': {
    code: `${WRONG}Error.prepareStackTrace = () => 'Error\\n    at add (main.js:1:1)';`,
    tests: `${ASSERT}assert.strictEqual(add(2, 3), 5);\nassert.strictEqual(add(1, 0), 1);`,
    reason: /AssertionError/,
  },
  'makes stacks throw, against top-level asserts': {
    code: `${WRONG}Error.prepareStackTrace = () => { throw new Error('no stack'); };`,
    tests: `${ASSERT}assert.strictEqual(add(2, 3), 5);`,
    reason: /AssertionError|no stack/,
  },
  'catches the assertion its own callback makes, against top-level asserts': {
    code: 'function add(a, b, check) { try { check?.(); } catch {} return a - b; }',
    tests: `${ASSERT}assert.strictEqual(add(2, 3, () => assert.fail('inner')), 5);`,
    reason: /AssertionError/,
  },
  'leaves a rejection unhandled whose reason cannot be shown': {
    // A right add: the unhandled rejection alone must fail it, as it ends node's program.
    code: `${RIGHT}\nPromise.reject({ toString() { throw undefined; } });`,
    status: 'error',
    reason: /Unhandled promise rejection/,
  },
  // console.assert fails a test only in the loop's and a classroom's tests; eval keeps node's print.
  'silences console.assert from a test of its own, run before the tests': {
    code: `${WRONG}test('setup', () => { console.assert = () => {}; });`,
    tests: CONSOLE_TESTS,
    reason: /adds: AssertionError: console.assert failed/,
    modes: ['feedback', 'grade'],
  },
  'deletes console.assert and plants one on Object.prototype': {
    code: `${WRONG}test('setup', () => { delete console.assert; Object.prototype.assert = () => {}; });`,
    tests: CONSOLE_TESTS,
    reason: /adds: AssertionError: console.assert failed/,
    modes: ['feedback', 'grade'],
  },
  'silences console.assert from a microtask while an async test waits': {
    code: `${WRONG}queueMicrotask(() => { console.assert = () => {}; });`,
    tests: "test('adds', async () => { await null; console.assert(add(2, 3) === 5, 'add'); });",
    reason: /adds: AssertionError: console.assert failed/,
    modes: ['feedback', 'grade'],
  },
};

const job = (code: string, tests: string, mode: Mode, language: Attack['language'] = 'javascript'): RunJob =>
  jsJob(code, tests, { language, mode, limits: { timeoutSec: 3, outputCap: 4096 } });

describe.each(MODES)('forged test verdicts in JavaScript ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it('the tests pass a right candidate (control)', async () => {
    for (const tests of [TESTS, ASYNC_TESTS, CONSOLE_TESTS])
      for (const mode of ALL) expect((await runIn(ctx.page, job(RIGHT, tests, mode))).result).toBe('passed');
  });

  it.each(Object.keys(ATTACKS))('a wrong candidate that %s fails, and says why', async (name) => {
    const a = ATTACKS[name]!;
    for (const mode of a.modes ?? ALL) {
      const r = await runIn(ctx.page, job(a.code, a.tests ?? TESTS, mode, a.language));
      expect(r.status, `${name} (${mode}): ${r.result}`).toBe(a.status ?? 'failed');
      expect(r.result, `${name} (${mode})`).toMatch(a.reason);
    }
  });
});
