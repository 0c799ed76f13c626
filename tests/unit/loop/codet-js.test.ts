// codet's generated tests on JavaScript and TypeScript samples: each test runs on its own, and
// what its compared side computed is printed beside pass or fail, so a test the chosen samples
// all fail can be shown with their values. TypeScript tests may carry type annotations.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDriverOutput, testsDriver } from '../../../src/loop/behaviour/driver.ts';
import { comparedExpression } from '../../../src/loop/behaviour/js-asserts.ts';
import { driverSource } from '../../../src/loop/strategies/driver-runs.ts';
import { multiplETask } from '../../../src/kinds/function/multipl-e.ts';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';

const node = (code: string): string => spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout;
const lines = (stdout: string): string[][] =>
  [...readDriverOutput(stdout).entries()].map(([i, v]) => [String(i), ...v]);

describe('what a JavaScript test compares', () => {
  it.each([
    ['assert.deepEqual(add(2, 3), 5);', 'add(2, 3)'],
    ['assert.strictEqual(f([1, [2, 3]], "a,b"), 4, "message")', 'f([1, [2, 3]], "a,b")'],
    ['assert.deepStrictEqual(add(1 as number, 2), 3);', 'add(1 as number, 2)'],
    ['assert(add(2, 2) === 4);', 'add(2, 2)'],
    ['assert.ok(s("==") == "x")', 's("==")'],
    ['console.assert(add(1, 1) === 2, "sum")', 'add(1, 1)'],
  ])('%s: %s', (test, expected) => {
    expect(comparedExpression(test)).toBe(expected);
  });

  it.each([
    'assert(add(2, 2) !== 5);',
    'assert(add(1, 1) === 2 && add(2, 2) === 4);',
    'assert(isPrime(7));',
    'assert.throws(() => add());',
    'assert.deepEqual(add(1, 2), 3); add(4, 5);',
    'assert.deepEqual(add(1, 2), 3',
  ])('none for %s', (test) => {
    expect(comparedExpression(test)).toBeUndefined();
  });
});

const TESTS = [
  'assert.deepEqual(add(2, 3), 5);',
  'assert(add(2, 2) === 5); // wrong',
  'assert.deepEqual(add(0, 0), 1);',
  'assert(add(1, 1) > 0);',
  'assert.deepEqual(boom(1), 1);',
];

describe('the tests driver', () => {
  it('JavaScript: each test on its own, passed or failed, with what the compared side computed', () => {
    const program = 'function add(x, y) { return x + y; }\nfunction boom() { throw new RangeError("no"); }';
    expect(lines(node(`${program}\n${testsDriver('javascript', TESTS)}`))).toEqual([
      ['0', 'pass', '5'],
      ['1', 'fail', '4'],
      ['2', 'fail', '0'],
      ['3', 'pass', ''],
      ['4', 'fail', '!RangeError'],
    ]);
  });

  it('JavaScript: a falsy console.assert fails its test, which node alone would only print', () => {
    const program = 'function add(x, y) { return x + y; }';
    const tests = [
      'console.assert(add(2, 3) === 5, "two and three");',
      'console.assert(add(2, 2) === 5, "two and two");',
      'console.assert(add(0, 0) === 1)',
      'console.log("shown"); console.assert(add(1, 1) > 0);',
    ];
    const out = node(`${program}\n${testsDriver('javascript', tests)}`);
    expect(lines(out)).toEqual([
      ['0', 'pass', '5'],
      ['1', 'fail', '4'],
      ['2', 'fail', '0'],
      ['3', 'pass', ''],
    ]);
    expect(out).toContain('shown\n');
  });

  let core: CheckerCore;
  beforeAll(async () => {
    core = new CheckerCore(async (f) => readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined));
    await core.warm(true);
  }, 120_000);

  const task = multiplETask({ name: 'add', language: 'typescript', prompt: '', tests: '' }, 3);
  const program =
    'function add(x: number, y: number): number {\n  return x + y;\n}\nfunction boom(n: number): number {\n  throw new RangeError("no");\n}';

  it('TypeScript: tests with type annotations, or calls that do not fit the types, run as JavaScript would', async () => {
    const typed = [
      ...TESTS,
      'assert.deepEqual(add(<number>1, 2 as number), 3);',
      'assert.deepEqual(((a: number): number => add(a, a))(4), 8);',
      'assert.deepEqual(add("a" as any, 1), "a1");',
      'assert.deepEqual(add("b", 1), "b");',
    ];
    const checked = await core.check(driverSource(task, program, testsDriver('typescript', typed), false), {
      strict: true,
    });
    expect(checked.diagnostics).toEqual([]);
    expect(lines(node(checked.js))).toEqual([
      ['0', 'pass', '5'],
      ['1', 'fail', '4'],
      ['2', 'fail', '0'],
      ['3', 'pass', ''],
      ['4', 'fail', '!RangeError'],
      ['5', 'pass', '3'],
      ['6', 'pass', '8'],
      ['7', 'pass', '"a1"'],
      ['8', 'fail', '"b1"'],
    ]);
  });
});
