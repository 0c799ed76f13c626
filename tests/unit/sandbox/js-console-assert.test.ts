// console.assert in the JavaScript runner: Node's print always, and in the loop's tests a failure
// the running test reports (the first one, whatever the test does afterwards).
import { describe, expect, it } from 'vitest';
import { AssertionError, assertModule } from '../../../src/sandbox/frame/javascript/assert.ts';
import { consoleAssertion } from '../../../src/sandbox/frame/javascript/console-assert.ts';
import { describeThrown } from '../../../src/sandbox/frame/javascript/errors.ts';
import { installNodeGlobals, type Host } from '../../../src/sandbox/frame/javascript/node-globals.ts';
import { TestRunner } from '../../../src/sandbox/frame/javascript/test-runner.ts';
import { runAll } from '../../support/test-runner.ts';

type Console = Record<string, (...a: unknown[]) => unknown>;

function install(): {
  g: Record<string, unknown>;
  printed: string[];
  failed: unknown[][];
  passed: unknown[];
  reinstall: () => void;
} {
  const g: Record<string, unknown> = {};
  const printed: string[] = [];
  const failed: unknown[][] = [];
  const passed: unknown[] = [];
  const host: Host = {
    write: (stream, text) => void printed.push(`${stream}:${text}`),
    exit: () => {
      throw new Error('exit');
    },
    assertFailed: (message, value) => void failed.push([message, value]),
    assertPassed: (from) => void passed.push(from),
    tests: new TestRunner(),
    timers: { setTimeout: () => 0, setInterval: () => 0, clear: () => undefined },
  };
  const { reinstall } = installNodeGlobals(g, host);
  return { g, printed, failed, passed, reinstall };
}

describe('console.assert', () => {
  it("prints Node's message on stderr and tells the harness of each call, failed or passed", () => {
    const { g, printed, failed, passed } = install();
    const c = g.console as Console;
    c.assert!(1 + 1 === 2, 'fine');
    c.assert!(0, 'sum is %d', 3);
    c.assert!('');
    expect(printed).toEqual(['stderr:Assertion failed: sum is 3\n', 'stderr:Assertion failed\n']);
    expect(failed).toEqual([
      ['sum is 3', 0],
      [undefined, ''],
    ]);
    // A passing one is told with the function called, so the harness can find the call's line.
    expect(passed).toEqual([c.assert]);
  });

  it("is put back before the tests when the candidate replaced it, as are the console's other methods", () => {
    const { g, failed, reinstall } = install();
    const c = g.console as Console;
    c.assert = () => undefined;
    c.log = () => undefined;
    reinstall();
    expect(g.console).toBe(c);
    c.assert(false, 'caught');
    expect(failed).toEqual([['caught', false]]);
  });

  it('cannot be replaced or deleted once the tests begin, so code run during them cannot silence it', () => {
    const { g, failed, reinstall } = install();
    const c = g.console as Console;
    reinstall();
    expect(() => {
      c.assert = () => undefined;
    }).toThrow(TypeError);
    expect(() => delete c.assert).toThrow(TypeError);
    c.assert!(false, 'still caught');
    expect(failed).toEqual([['still caught', false]]);
    reinstall();
  });

  it("fails with a message a user reads, the call's line when asked, and the value it got", () => {
    const line = (stack: string): string | undefined =>
      stack.includes('js-console-assert.test.ts') ? 'console.assert(add(1, 1) === 3, "sum")' : undefined;
    const check = (withLine: boolean): AssertionError => consoleAssertion('sum', false, check, line, withLine);
    const plain = check(false);
    expect(plain).toBeInstanceOf(AssertionError);
    expect(plain.message).toBe('console.assert failed: sum');
    expect([plain.actual, plain.expected]).toEqual([false, true]);
    expect(check(true).message).toBe('console.assert failed: sum\n\n  console.assert(add(1, 1) === 3, "sum")\n');
    expect(consoleAssertion(undefined, 0, check, () => undefined, true).message).toBe('console.assert failed');
  });

  it('is described as a failed assertion with no expected and actual, since it compared nothing', () => {
    const d = describeThrown(
      consoleAssertion('sum', false, undefined, () => undefined, false),
      [],
      'main.js',
    );
    expect(d).toMatchObject({ type: 'AssertionError', message: 'console.assert failed: sum', assertion: true });
    expect([d.expected, d.actual]).toEqual([undefined, undefined]);
    let compared: unknown;
    try {
      (assertModule as { strictEqual: (a: unknown, b: unknown) => void }).strictEqual(4, 5);
    } catch (err) {
      compared = err;
    }
    expect(describeThrown(compared, [], 'main.js')).toMatchObject({ expected: '5', actual: '4' });
  });
});

describe('a test failed by console.assert', () => {
  it('reports its first recorded failure even when it goes on, throws something else or passes', async () => {
    const runner = new TestRunner();
    const first = new Error('first');
    runner.register('goes on and passes', () => {
      expect(runner.fail(first)).toBe(true);
      runner.fail(new Error('second'));
    });
    runner.register('then throws', () => {
      runner.fail(first);
      throw new TypeError('later');
    });
    runner.register('async', async () => {
      await Promise.resolve();
      runner.fail(first);
    });
    runner.register('untouched', () => undefined);
    const outcomes = await runAll(runner);
    expect(outcomes).toEqual([
      { name: 'goes on and passes', status: 'failed', error: first },
      { name: 'then throws', status: 'failed', error: first },
      { name: 'async', status: 'failed', error: first },
      { name: 'untouched', status: 'passed' },
    ]);
  });

  it('is not recorded when no test runs', async () => {
    const runner = new TestRunner();
    expect(runner.fail(new Error('top level'))).toBe(false);
    runner.register('after', () => undefined);
    expect(await runAll(runner)).toEqual([{ name: 'after', status: 'passed' }]);
    expect(runner.fail(new Error('after the tests'))).toBe(false);
  });
});
