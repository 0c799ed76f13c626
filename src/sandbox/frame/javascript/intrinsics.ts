// The built-ins the harness relies on, taken when the worker loads, before any run code exists.
// Run code shares the harness's global scope and may replace any of them (`Object.keys = ...`,
// `Array.prototype.push = ...`): the verdict and the assert module only ever call these copies.
// Pure ECMAScript, so the assert module that uses them also runs in Node's unit tests.

const reflectApply = Reflect.apply;
const uncurry =
  <A extends unknown[], R>(fn: (...args: A) => R) =>
  (self: unknown, ...args: A): R =>
    reflectApply<unknown, A, R>(fn, self, args);
const getter = (proto: object, name: PropertyKey): ((self: unknown) => unknown) =>
  uncurry(Object.getOwnPropertyDescriptor(proto, name)!.get as () => unknown);

export const apply = reflectApply;
export const ownKeys = Reflect.ownKeys;
export const objectKeys = Object.keys;
export const objectIs = Object.is;
export const getPrototypeOf = Object.getPrototypeOf;
export const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
export const freeze = Object.freeze;
export const create = Object.create;
export const isArray = Array.isArray;
export const numberIsNaN = Number.isNaN;
export const toText = String;
export const isView = ArrayBuffer.isView;
export const hasOwn = Object.hasOwn;
export const ErrorCtor = Error;
export const SyntaxErrorCtor = SyntaxError;
export const RegExpCtor = RegExp;
export const isInteger = Number.isInteger;
export const TypeErrorCtor = TypeError;
export const jsonStringify = JSON.stringify;

const objectToString = uncurry(Object.prototype.toString);
export const isEnumerable = uncurry(Object.prototype.propertyIsEnumerable);
export const functionToString = uncurry(Function.prototype.toString);
export const dateGetTime = uncurry(Date.prototype.getTime);
export const dateToISOString = uncurry(Date.prototype.toISOString);
export const regexpSource = getter(RegExp.prototype, 'source') as (r: unknown) => string;
export const regexpFlags = getter(RegExp.prototype, 'flags') as (r: unknown) => string;
export const regexpExec = uncurry(RegExp.prototype.exec);
export const mapSize = getter(Map.prototype, 'size') as (m: unknown) => number;
export const setSize = getter(Set.prototype, 'size') as (s: unknown) => number;
export const mapForEach = uncurry(Map.prototype.forEach as (cb: (v: unknown, k: unknown) => void) => void);
export const setForEach = uncurry(Set.prototype.forEach as (cb: (v: unknown) => void) => void);
export const mapHas = uncurry(Map.prototype.has as (k: unknown) => boolean);
export const mapGet = uncurry(Map.prototype.get as (k: unknown) => unknown);
export const setHas = uncurry(Set.prototype.has as (k: unknown) => boolean);
export const PromiseCtor = Promise;
const promiseResolveFn = Promise.resolve;
/** Promise.resolve on the captured Promise: run code may have replaced the global one. */
export const promiseResolve = (v: unknown): Promise<unknown> => reflectApply(promiseResolveFn, PromiseCtor, [v]);
export const promiseThen = uncurry(
  Promise.prototype.then as (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => Promise<unknown>,
);
export const typedArrayLength = getter(Object.getPrototypeOf(Uint8Array.prototype) as object, 'length') as (
  t: unknown,
) => number;
export const byteLength = getter(ArrayBuffer.prototype, 'byteLength') as (b: unknown) => number;
export const stringSplit = uncurry(String.prototype.split as (sep: string) => string[]);
export const stringIncludes = uncurry(String.prototype.includes);
export const stringTrim = uncurry(String.prototype.trim);
export const stringReplace = uncurry(
  String.prototype.replace as (pattern: RegExp | string, replacement: string | ((...m: string[]) => string)) => string,
);
export const arrayJoin = uncurry(Array.prototype.join);
export const numberToString = uncurry(Number.prototype.toString);

const define = Object.defineProperty;
const DESCRIPTOR_KEYS = ['value', 'writable', 'enumerable', 'configurable', 'get', 'set'] as const;

/**
 * Object.defineProperty on a null-prototype copy of the descriptor's own fields: it reads `get`,
 * `set` and `value` even when absent, so ones planted on Object.prototype would break or change it.
 */
export function defineProperty<T>(o: T, key: PropertyKey, descriptor: PropertyDescriptor): T {
  const own = create(null) as Record<string, unknown>;
  for (let i = 0; i < DESCRIPTOR_KEYS.length; i++) {
    const k = DESCRIPTOR_KEYS[i]!;
    if (hasOwn(descriptor, k)) own[k] = descriptor[k];
  }
  return define(o, key, own);
}

/** Appends without Array.prototype.push or an index setter run code may have put on the prototype. */
export function append<T>(list: T[], value: T): void {
  defineProperty(list, list.length, { value, writable: true, enumerable: true, configurable: true });
}

/** Tags of boxed primitives, dates, regexps and the like, through the unpatchable toString. */
export const tagOf = (v: unknown): string => objectToString(v);

export function isError(v: unknown): v is Error {
  if (typeof v !== 'object' || v === null) return false;
  if (tagOf(v) === '[object Error]') return true;
  for (let p = getPrototypeOf(v) as object | null; p !== null; p = getPrototypeOf(p) as object | null)
    if (p === ErrorCtor.prototype) return true;
  return false;
}
