// Node's `assert` module (Node 20 semantics and messages, the legacy loose deepEqual included), so
// a tests file written for node runs unchanged. The module is frozen: a candidate that assigns
// `assert.deepEqual = () => {}` changes nothing, and checks go through the harness's own built-ins.
import { deepEqual } from './deep-equal.ts';
import { inspect as show } from './inspect.ts';
import {
  ErrorCtor,
  PromiseCtor,
  TypeErrorCtor,
  apply,
  defineProperty,
  freeze,
  getPrototypeOf,
  isError,
  objectIs,
  objectKeys,
  promiseResolve,
  promiseThen,
  regexpExec,
  tagOf,
  toText,
} from './intrinsics.ts';

const captureStack = (Error as { captureStackTrace?: (o: object, fn?: unknown) => void }).captureStackTrace;

export interface AssertionErrorOptions {
  message?: string | Error;
  actual?: unknown;
  expected?: unknown;
  operator?: string;
  stackStartFn?: unknown;
  generated?: string;
  /** Node reports some generated messages (a missing exception) as not generated. */
  generatedMessage?: boolean;
}

export class AssertionError extends ErrorCtor {
  declare actual: unknown;
  declare expected: unknown;
  declare operator: string;
  declare generatedMessage: boolean;
  declare code: 'ERR_ASSERTION';
  constructor(options: AssertionErrorOptions) {
    const own = typeof options.message === 'string';
    super(own ? (options.message as string) : (options.generated ?? 'Failed'));
    const set = (k: string, value: unknown, enumerable = true): void =>
      void defineProperty(this, k, { value, writable: true, enumerable, configurable: true });
    set('name', 'AssertionError', false);
    set('generatedMessage', options.generatedMessage ?? !own);
    set('code', 'ERR_ASSERTION');
    set('actual', options.actual);
    set('expected', options.expected);
    set('operator', options.operator);
    captureStack?.(this, options.stackStartFn ?? AssertionError);
  }
}

/** Where the failing call is, as the worker can show it: the line of source text, or undefined. */
let sourceOf: (stack: string) => string | undefined = () => undefined;
export function setSourceLookup(fn: (stack: string) => string | undefined): void {
  sourceOf = fn;
}

function fail(o: Omit<AssertionErrorOptions, 'message'> & { message?: unknown }): never {
  if (isError(o.message)) throw o.message;
  throw new AssertionError({ ...o, message: o.message === undefined ? undefined : toText(o.message) });
}

function isSubclassOf(child: unknown, parent: unknown): boolean {
  for (let p = getPrototypeOf(child) as unknown; p !== null && p !== undefined; p = getPrototypeOf(p))
    if (p === parent) return true;
  return false;
}

const inspect = (v: unknown): string => show(v, { expanded: true });

const simple = (v: unknown): boolean => (typeof v !== 'object' && typeof v !== 'function') || v === null;
const diff = (a: unknown, b: unknown): string => `+ actual - expected\n\n+ ${inspect(a)}\n- ${inspect(b)}`;

function innerOk(fn: unknown, argc: number, value: unknown, message: unknown): void {
  if (value) return;
  let generated = 'No value argument passed to `assert.ok()`';
  if (argc > 0) {
    const probe: { stack?: string } = {};
    captureStack?.(probe, fn);
    const line = sourceOf(toText(probe.stack ?? ''));
    generated = line
      ? `The expression evaluated to a falsy value:\n\n  ${line}\n`
      : 'The expression evaluated to a falsy value';
  }
  fail({ message, generated, actual: value, expected: true, operator: '==', stackStartFn: fn });
}

function ok(...args: unknown[]): void {
  innerOk(ok, args.length, args[0], args[1]);
}

function matches(actual: unknown, expected: unknown, fn: unknown, message: unknown, what: string): void {
  if (expected === undefined) return;
  if (tagOf(expected) === '[object RegExp]') {
    if (regexpExec(expected, toText(actual)) === null)
      fail({
        message,
        generated: `The input did not match the regular expression ${inspect(expected)}. Input:\n\n${inspect(toText(actual))}\n`,
        actual,
        expected,
        operator: what,
        stackStartFn: fn,
      });
    return;
  }
  if (typeof expected === 'function') {
    const proto = (expected as { prototype?: unknown }).prototype;
    if (
      proto !== undefined &&
      typeof actual === 'object' &&
      actual !== null &&
      actual instanceof (expected as new () => object)
    )
      return;
    if (expected === ErrorCtor || isSubclassOf(expected, ErrorCtor)) {
      fail({
        message,
        generated: `The error is expected to be an instance of "${expected.name}". Received ${inspect(actual)}`,
        actual,
        expected,
        operator: what,
        stackStartFn: fn,
      });
    }
    if (apply(expected as (e: unknown) => unknown, undefined, [actual]) !== true)
      fail({
        message,
        generated: `The ${what === 'rejects' ? 'rejection' : 'error'} validation function is expected to return "true". Received ${inspect(false)}`,
        actual,
        expected,
        operator: what,
        stackStartFn: fn,
      });
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    const keys = objectKeys(expected);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const want = (expected as Record<string, unknown>)[k];
      const got = typeof actual === 'object' && actual !== null ? (actual as Record<string, unknown>)[k] : undefined;
      const good =
        tagOf(want) === '[object RegExp]' && typeof got === 'string'
          ? regexpExec(want, got) !== null
          : deepEqual(got, want, true);
      if (!good)
        fail({
          message,
          generated: `Expected values to be strictly deep-equal:\n${diff(got, want)}`,
          actual,
          expected,
          operator: what,
          stackStartFn: fn,
        });
    }
  }
}

function splitArgs(expected: unknown, message: unknown): [unknown, unknown] {
  return typeof expected === 'string' && message === undefined ? [undefined, expected] : [expected, message];
}

const api = {
  ok,
  equal(actual: unknown, expected: unknown, message?: unknown): void {
    if (!(actual == expected || (actual !== actual && expected !== expected)))
      fail({
        message,
        generated: `${inspect(actual)} == ${inspect(expected)}`,
        actual,
        expected,
        operator: '==',
        stackStartFn: api.equal,
      });
  },
  notEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (actual == expected || (actual !== actual && expected !== expected))
      fail({
        message,
        generated: `${inspect(actual)} != ${inspect(expected)}`,
        actual,
        expected,
        operator: '!=',
        stackStartFn: api.notEqual,
      });
  },
  strictEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (objectIs(actual, expected)) return;
    const generated =
      simple(actual) && simple(expected)
        ? `Expected values to be strictly equal:\n\n${inspect(actual)} !== ${inspect(expected)}\n`
        : `Expected values to be strictly equal:\n${diff(actual, expected)}`;
    fail({ message, generated, actual, expected, operator: 'strictEqual', stackStartFn: api.strictEqual });
  },
  notStrictEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (objectIs(actual, expected))
      fail({
        message,
        generated: `Expected "actual" to be strictly unequal to: ${inspect(expected)}`,
        actual,
        expected,
        operator: 'notStrictEqual',
        stackStartFn: api.notStrictEqual,
      });
  },
  deepEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (!deepEqual(actual, expected, false))
      fail({
        message,
        generated: `Expected values to be loosely deep-equal:\n\n${inspect(actual)}\n\nshould loosely deep-equal\n\n${inspect(expected)}`,
        actual,
        expected,
        operator: 'deepEqual',
        stackStartFn: api.deepEqual,
      });
  },
  notDeepEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (deepEqual(actual, expected, false))
      fail({
        message,
        generated: `Expected "actual" not to be loosely deep-equal to:\n\n${inspect(expected)}\n`,
        actual,
        expected,
        operator: 'notDeepEqual',
        stackStartFn: api.notDeepEqual,
      });
  },
  deepStrictEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (!deepEqual(actual, expected, true))
      fail({
        message,
        generated: `Expected values to be strictly deep-equal:\n${diff(actual, expected)}`,
        actual,
        expected,
        operator: 'deepStrictEqual',
        stackStartFn: api.deepStrictEqual,
      });
  },
  notDeepStrictEqual(actual: unknown, expected: unknown, message?: unknown): void {
    if (deepEqual(actual, expected, true))
      fail({
        message,
        generated: `Expected "actual" not to be strictly deep-equal to:\n\n${inspect(expected)}\n`,
        actual,
        expected,
        operator: 'notDeepStrictEqual',
        stackStartFn: api.notDeepStrictEqual,
      });
  },
  throws(fn: unknown, expectedArg?: unknown, messageArg?: unknown): void {
    const [expected, message] = splitArgs(expectedArg, messageArg);
    if (typeof fn !== 'function')
      throw new TypeErrorCtor(`The "fn" argument must be of type function. Received ${inspect(fn)}`);
    try {
      apply(fn as () => unknown, undefined, []);
    } catch (err) {
      matches(err, expected, api.throws, message, 'throws');
      return;
    }
    const name = typeof expected === 'function' && expected.name ? ` (${expected.name})` : '';
    fail({
      message,
      generated: `Missing expected exception${name}.`,
      generatedMessage: false,
      actual: undefined,
      expected,
      operator: 'throws',
      stackStartFn: api.throws,
    });
  },
  doesNotThrow(fn: unknown, expectedArg?: unknown, messageArg?: unknown): void {
    const [, message] = splitArgs(expectedArg, messageArg);
    try {
      apply(fn as () => unknown, undefined, []);
    } catch (err) {
      const text = isError(err) ? toText(err.message) : toText(err);
      fail({
        message,
        generated: `Got unwanted exception.\nActual message: "${text}"`,
        actual: err,
        expected: expectedArg,
        operator: 'doesNotThrow',
        stackStartFn: api.doesNotThrow,
      });
    }
  },
  rejects(target: unknown, expectedArg?: unknown, messageArg?: unknown): Promise<void> {
    const [expected, message] = splitArgs(expectedArg, messageArg);
    return new PromiseCtor<void>((resolve, reject) => {
      let p: unknown;
      try {
        p = typeof target === 'function' ? apply(target as () => unknown, undefined, []) : target;
      } catch (err) {
        return reject(err);
      }
      void promiseThen(
        promiseResolve(p),
        () => {
          try {
            fail({
              message,
              generated: 'Missing expected rejection.',
              generatedMessage: false,
              actual: undefined,
              expected,
              operator: 'rejects',
              stackStartFn: api.rejects,
            });
          } catch (e) {
            reject(e);
          }
        },
        (err: unknown) => {
          try {
            matches(err, expected, api.rejects, message, 'rejects');
            resolve();
          } catch (e) {
            reject(e);
          }
        },
      );
    });
  },
  doesNotReject(target: unknown, messageArg?: unknown): Promise<void> {
    return new PromiseCtor<void>((resolve, reject) => {
      const p = typeof target === 'function' ? apply(target as () => unknown, undefined, []) : target;
      void promiseThen(
        promiseResolve(p),
        () => resolve(),
        (err: unknown) => {
          try {
            fail({
              message: messageArg,
              generated: `Got unwanted rejection.\nActual message: "${isError(err) ? toText(err.message) : toText(err)}"`,
              actual: err,
              expected: undefined,
              operator: 'doesNotReject',
              stackStartFn: api.doesNotReject,
            });
          } catch (e) {
            reject(e);
          }
        },
      );
    });
  },
  match(actual: unknown, re: RegExp, message?: unknown): void {
    if (typeof actual !== 'string' || regexpExec(re, actual) === null)
      fail({
        message,
        generated:
          typeof actual !== 'string'
            ? `The "string" argument must be of type string. Received type ${typeof actual} (${inspect(actual)})`
            : `The input did not match the regular expression ${inspect(re)}. Input:\n\n${inspect(actual)}\n`,
        actual,
        expected: re,
        operator: 'match',
        stackStartFn: api.match,
      });
  },
  doesNotMatch(actual: unknown, re: RegExp, message?: unknown): void {
    if (typeof actual !== 'string' || regexpExec(re, actual) !== null)
      fail({
        message,
        generated: `The input was expected to not match the regular expression ${inspect(re)}. Input:\n\n${inspect(actual)}\n`,
        actual,
        expected: re,
        operator: 'doesNotMatch',
        stackStartFn: api.doesNotMatch,
      });
  },
  fail(message?: unknown): never {
    return fail({ message: message ?? undefined, generated: 'Failed', operator: 'fail', stackStartFn: api.fail });
  },
  ifError(value: unknown): void {
    if (value === null || value === undefined) return;
    if (isError(value)) throw value;
    fail({
      generated: `ifError got unwanted exception: ${inspect(value)}`,
      actual: value,
      expected: null,
      operator: 'ifError',
      stackStartFn: api.ifError,
    });
  },
};

type AssertModule = typeof ok & typeof api & { AssertionError: typeof AssertionError; strict: AssertModule };

/**
 * Told of every outermost assertion the run's code makes (one inside `assert.throws` is the
 * outer one's business). `from` is the function the code called, so a stack captured from it
 * starts at the call; `failure` is what the call would throw. True when the failure was recorded
 * and the call should return: outside test(), each assertion in the tests is its own unit.
 */
export type AssertObserver = (from: unknown, failure: { error: unknown } | undefined) => boolean;
let observer: AssertObserver | undefined;
let depth = 0;
export function setAssertObserver(o: AssertObserver): void {
  observer = o;
}

type Fn = (...args: unknown[]) => unknown;
/** Promises (rejects, doesNotReject) are not observed: they settle after the call. */
const UNOBSERVED = new Set(['rejects', 'doesNotReject', 'AssertionError']);

function observed(raw: Fn, self: () => unknown): Fn {
  return (...args: unknown[]): unknown => {
    if (depth > 0 || observer === undefined) return apply(raw, undefined, args);
    depth++;
    let failure: { error: unknown } | undefined;
    let value: unknown;
    try {
      value = apply(raw, undefined, args);
    } catch (error) {
      failure = { error };
    } finally {
      depth--;
    }
    if (observer(self(), failure) || failure === undefined) return value;
    throw failure.error;
  };
}

function build(strictMode: boolean): AssertModule {
  const fn = observed(
    (...args: unknown[]) => innerOk(fn, args.length, args[0], args[1]),
    () => fn,
  ) as AssertModule;
  const methods: Record<string, unknown> = { ...api };
  for (const k of objectKeys(methods)) {
    if (UNOBSERVED.has(k)) continue;
    const wrapped: Fn = observed(methods[k] as Fn, () => wrapped);
    methods[k] = wrapped;
  }
  methods.AssertionError = AssertionError;
  if (strictMode) {
    methods.equal = methods.strictEqual;
    methods.notEqual = methods.notStrictEqual;
    methods.deepEqual = methods.deepStrictEqual;
    methods.notDeepEqual = methods.notDeepStrictEqual;
  }
  const keys = objectKeys(methods);
  for (let i = 0; i < keys.length; i++) defineProperty(fn, keys[i]!, { value: methods[keys[i]!], enumerable: true });
  return fn;
}

const loose = build(false);
const strict = build(true);
defineProperty(loose, 'strict', { value: strict, enumerable: true });
defineProperty(strict, 'strict', { value: strict, enumerable: true });
freeze(AssertionError.prototype);
freeze(AssertionError);
freeze(loose);
freeze(strict);

/** `require('assert')` and `require('node:assert')`. */
export const assertModule = loose;
/** `require('assert/strict')`. */
export const strictAssertModule = strict;
