// The sandbox's `assert` module against Node's own, on the same pairs of values: a tests file
// written for node must give the same verdicts in the browser.
import nodeAssert from 'node:assert';
import { describe, expect, it } from 'vitest';
import type { AssertionError } from '../../../src/sandbox/frame/javascript/assert.ts';
import { assertModule, strictAssertModule } from '../../../src/sandbox/frame/javascript/assert.ts';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}
const cyclic = (): object => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
};
const sparse = (): unknown[] => {
  const a: unknown[] = [1];
  a[2] = 3;
  return a;
};

// Pairs MultiPL-E's tests and hand-written node tests compare.
const PAIRS: [string, () => [unknown, unknown]][] = [
  ['equal numbers', () => [5, 5]],
  ['string and number', () => ['5', 5]],
  [
    'number and string in arrays',
    () => [
      [1, '2'],
      [1, 2],
    ],
  ],
  ['true and 1', () => [true, 1]],
  ['null and undefined', () => [null, undefined]],
  ['NaN and NaN', () => [NaN, NaN]],
  ['0 and -0', () => [0, -0]],
  ['floats', () => [0.1 + 0.2, 0.3]],
  [
    'nested arrays',
    () => [
      [[1, 2], [3]],
      [[1, 2], [3]],
    ],
  ],
  [
    'nested arrays differ',
    () => [
      [[1, 2], [3]],
      [[1, 2], [4]],
    ],
  ],
  [
    'array lengths',
    () => [
      [1, 2],
      [1, 2, 3],
    ],
  ],
  ['empty arrays', () => [[], []]],
  [
    'objects',
    () => [
      { a: 1, b: [2] },
      { b: [2], a: 1 },
    ],
  ],
  ['objects differ', () => [{ a: 1 }, { a: 2 }]],
  ['extra key', () => [{ a: 1 }, { a: 1, b: undefined }]],
  ['class and plain object', () => [new Point(1, 2), { x: 1, y: 2 }]],
  ['array and object', () => [[1], { 0: 1 }]],
  ['maps', () => [new Map([['a', 1]]), new Map([['a', 1]])]],
  ['maps differ', () => [new Map([['a', 1]]), new Map([['a', 2]])]],
  ['loose map values', () => [new Map([['a', 1]]), new Map([['a', '1']])]],
  ['sets', () => [new Set([1, 2, 3]), new Set([3, 2, 1])]],
  ['sets differ', () => [new Set([1, 2]), new Set([1, 3])]],
  ['sets of arrays', () => [new Set([[1], [2]]), new Set([[2], [1]])]],
  ['dates', () => [new Date(0), new Date(0)]],
  ['dates differ', () => [new Date(0), new Date(1)]],
  ['regexps', () => [/a/g, /a/g]],
  ['regexps differ', () => [/a/g, /a/i]],
  ['cycles', () => [cyclic(), cyclic()]],
  ['sparse and dense', () => [sparse(), [1, undefined, 3]]],
  ['typed arrays', () => [new Uint8Array([1, 2]), new Uint8Array([1, 2])]],
  ['typed arrays differ', () => [new Uint8Array([1, 2]), new Uint8Array([1, 3])]],
  ['strings', () => ['abc', 'abc']],
  ['boxed', () => [new Number(1), new Number(1)]],
  ['errors', () => [new Error('a'), new Error('a')]],
  ['null prototype', () => [Object.create(null) as object, {}]],
];

const verdict = (fn: () => unknown): string => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as Error).name;
  }
};

const METHODS = [
  'equal',
  'notEqual',
  'strictEqual',
  'notStrictEqual',
  'deepEqual',
  'notDeepEqual',
  'deepStrictEqual',
  'notDeepStrictEqual',
] as const;

describe('assert in the sandbox, against Node', () => {
  for (const method of METHODS) {
    it(`${method} agrees with Node on every pair`, () => {
      const differs: string[] = [];
      for (const [name, make] of PAIRS) {
        const ours = verdict(() => assertModule[method](...make()));
        const theirs = verdict(() => nodeAssert[method](...make()));
        if (ours !== theirs) differs.push(`${name}: ours ${ours}, node ${theirs}`);
      }
      expect(differs).toEqual([]);
    });
  }

  it('strict mode maps equal and deepEqual to their strict forms, as assert/strict does', () => {
    expect(verdict(() => strictAssertModule.equal('5', 5))).toBe('AssertionError');
    expect(verdict(() => strictAssertModule.deepEqual([1], ['1']))).toBe('AssertionError');
    expect(verdict(() => assertModule.strict.deepEqual([1], [1]))).toBe('ok');
  });

  it('gives the AssertionError fields and messages Node gives', () => {
    const pairs: [() => void, () => void][] = [
      [() => assertModule.deepEqual([1, 2], [1, 3]), () => nodeAssert.deepEqual([1, 2], [1, 3])],
      [() => assertModule.strictEqual(1, 2), () => nodeAssert.strictEqual(1, 2)],
      [() => assertModule.equal('a', 'b'), () => nodeAssert.equal('a', 'b')],
      [() => assertModule.notEqual(1, '1'), () => nodeAssert.notEqual(1, '1')],
      [() => assertModule.deepEqual(1, 2, 'custom'), () => nodeAssert.deepEqual(1, 2, 'custom')],
      [() => assertModule.fail('boom'), () => nodeAssert.fail('boom')],
      [() => assertModule.throws(() => undefined), () => nodeAssert.throws(() => undefined)],
      [() => assertModule.match('abc', /x/), () => nodeAssert.match('abc', /x/)],
    ];
    for (const [ours, theirs] of pairs) {
      const catchIt = (f: () => void): Record<string, unknown> => {
        try {
          f();
        } catch (e) {
          const err = e as InstanceType<typeof AssertionError>;
          return {
            name: err.name,
            code: err.code,
            message: err.message,
            actual: err.actual,
            expected: err.expected,
            operator: err.operator,
            generated: err.generatedMessage,
          };
        }
        return {};
      };
      expect(catchIt(ours)).toEqual(catchIt(theirs));
    }
  });

  it('throws checks the error against a class, a pattern, an object and a validator', () => {
    const boom = (): never => {
      throw new TypeError('bad thing');
    };
    expect(verdict(() => assertModule.throws(boom, TypeError))).toBe('ok');
    expect(verdict(() => assertModule.throws(boom, RangeError))).toBe('AssertionError');
    expect(verdict(() => assertModule.throws(boom, /bad/))).toBe('ok');
    expect(verdict(() => assertModule.throws(boom, /good/))).toBe('AssertionError');
    expect(verdict(() => assertModule.throws(boom, { name: 'TypeError', message: 'bad thing' }))).toBe('ok');
    expect(verdict(() => assertModule.throws(boom, { message: 'other' }))).toBe('AssertionError');
    expect(verdict(() => assertModule.throws(boom, (e: unknown) => e instanceof TypeError))).toBe('ok');
    expect(verdict(() => assertModule.doesNotThrow(boom))).toBe('AssertionError');
    expect(verdict(() => assertModule.ok(0))).toBe('AssertionError');
    expect(verdict(() => assertModule(1))).toBe('ok');
  });

  it('rejects settles as Node does', async () => {
    await expect(assertModule.rejects(Promise.reject(new Error('x')), /x/)).resolves.toBeUndefined();
    await expect(assertModule.rejects(Promise.resolve(1))).rejects.toThrow('Missing expected rejection.');
    await expect(assertModule.doesNotReject(async () => 1)).resolves.toBeUndefined();
  });

  it('rejects and doesNotReject settle on the Promise taken at load, not a replaced global one', async () => {
    const g = globalThis as Record<string, unknown>;
    const real = Promise;
    g.Promise = Object.assign(() => ({ then: (ok: () => void) => ok() }), { resolve: (v: unknown) => v });
    let rejects: Promise<void>;
    let doesNotReject: Promise<void>;
    try {
      rejects = assertModule.rejects(real.resolve(1));
      doesNotReject = assertModule.doesNotReject(real.reject(new Error('no')));
    } finally {
      g.Promise = real;
    }
    expect(rejects).toBeInstanceOf(real);
    await expect(rejects).rejects.toThrow('Missing expected rejection.');
    await expect(doesNotReject).rejects.toThrow('Got unwanted rejection.');
  });

  it('fails as itself when run code planted get and set on Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    // The set's own descriptor must not inherit the get planted first.
    const planted = (): PropertyDescriptor =>
      Object.assign(Object.create(null) as PropertyDescriptor, { value: () => 1, configurable: true });
    for (const k of ['get', 'set']) Object.defineProperty(proto, k, planted());
    let got;
    try {
      got = verdict(() => assertModule.strictEqual(1, 2));
    } finally {
      delete proto.get;
      delete proto.set;
    }
    // Read after the prototype is clean again: vitest's own expect defines properties too.
    expect(got).toBe('AssertionError');
  });

  it('cannot be patched by the code under test', () => {
    expect(() => {
      (assertModule as unknown as Record<string, unknown>).deepEqual = () => undefined;
    }).toThrow(TypeError);
    const keys = Object.keys;
    const iterator = Array.prototype[Symbol.iterator];
    try {
      Object.keys = () => [];
      Array.prototype[Symbol.iterator] = function* () {} as never;
      expect(verdict(() => assertModule.deepEqual({ a: 1 }, { a: 2 }))).toBe('AssertionError');
      expect(verdict(() => assertModule.deepEqual([1, 2], [1, 3]))).toBe('AssertionError');
    } finally {
      Object.keys = keys;
      Array.prototype[Symbol.iterator] = iterator;
    }
  });
});
