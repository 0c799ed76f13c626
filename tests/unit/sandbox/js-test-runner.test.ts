// The JavaScript runner's test(): every test registered reports, whatever run code did to
// Array.prototype first, and one that throws or rejects fails, whatever it throws (undefined and
// null included), as node:test fails it.
import { describe, expect, it } from 'vitest';
import { TestRunner, type TestOutcome } from '../../../src/sandbox/frame/javascript/test-runner.ts';
import { runAll } from '../../support/test-runner.ts';

const status = (outcomes: TestOutcome[]): [string, string][] => outcomes.map((o) => [o.name, o.status]);

describe('a test that throws or rejects', () => {
  it('fails whatever the value, undefined and null included', async () => {
    const runner = new TestRunner();
    for (const value of [undefined, null, 0, '', 'text', false])
      runner.register(`throws ${String(value)}`, () => {
        throw value;
      });
    runner.register('rejects with nothing', () => Promise.reject());
    runner.register('async throws undefined', async () => {
      await Promise.resolve();
      throw undefined;
    });
    runner.register('passes', () => undefined);
    const outcomes = await runAll(runner);
    expect(status(outcomes)).toEqual([
      ['throws undefined', 'failed'],
      ['throws null', 'failed'],
      ['throws 0', 'failed'],
      ['throws ', 'failed'],
      ['throws text', 'failed'],
      ['throws false', 'failed'],
      ['rejects with nothing', 'failed'],
      ['async throws undefined', 'failed'],
      ['passes', 'passed'],
    ]);
    expect(outcomes[0]).toEqual({ name: 'throws undefined', status: 'failed', error: undefined });
  });
});

describe('registering tests', () => {
  it('keeps and counts every test when Array.prototype has index setters that swallow writes', async () => {
    const runner = new TestRunner();
    const proto = Array.prototype as unknown as Record<number, unknown>;
    for (let i = 0; i < 4; i++) Object.defineProperty(proto, i, { set() {}, get: () => undefined, configurable: true });
    try {
      runner.register('first', () => undefined);
      runner.group(
        'group',
        () => runner.register('inner', () => undefined),
        (fn) => void fn(),
      );
      runner.register('last', () => undefined);
    } finally {
      for (let i = 0; i < 4; i++) delete proto[i];
    }
    expect(runner.count).toBe(3);
    expect(status(await runAll(runner))).toEqual([
      ['first', 'passed'],
      ['group > inner', 'passed'],
      ['last', 'passed'],
    ]);
  });
});

describe('what a test returns is awaited as node awaits it', () => {
  it('fails on a thenable that rejects, passes on one that fulfils', async () => {
    const runner = new TestRunner();
    runner.register('rejects', () => ({ then: (_ok: unknown, fail: (e: unknown) => void) => fail(new Error('no')) }));
    runner.register('throws in then', () => ({
      then() {
        throw undefined;
      },
    }));
    runner.register('fulfils', () => ({ then: (ok: () => void) => ok() }));
    runner.register('an object', () => ({ value: 1 }));
    expect(status(await runAll(runner))).toEqual([
      ['rejects', 'failed'],
      ['throws in then', 'failed'],
      ['fulfils', 'passed'],
      ['an object', 'passed'],
    ]);
  });

  it("fails a rejected promise when Promise's constructor lookup throws (and handles the rejection)", async () => {
    const proto = Promise.prototype as unknown as Record<string, unknown>;
    const then = Promise.prototype.then;
    const runner = new TestRunner();
    runner.register('rejects', () => Promise.reject(new Error('wrong')));
    let busy = false;
    Object.defineProperty(proto, 'constructor', {
      get(this: Promise<unknown>) {
        if (busy) return Promise;
        busy = true;
        try {
          void Reflect.apply(then, this, [undefined, () => undefined]);
        } finally {
          busy = false;
        }
        throw new TypeError('not a promise, honest');
      },
      configurable: true,
    });
    let outcomes;
    try {
      outcomes = runAll(runner);
    } finally {
      Object.defineProperty(proto, 'constructor', { value: Promise, writable: true, configurable: true });
    }
    expect(status(await outcomes)).toEqual([['rejects', 'failed']]);
  });
});
