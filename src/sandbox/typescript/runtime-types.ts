// The globals the offline JavaScript runner gives a program, as TypeScript declarations: the
// loop checks model code against these (and the ES library), not against the DOM, because the
// code runs in a worker where the DOM does not exist. A global the code declares itself (a
// MultiPL-E test's `function test()` or `declare var require: any;`) is left out, so the two
// never clash. The asserts return no `asserts` predicates: those would make TypeScript refuse
// `const assert = require('node:assert'); assert.ok(x);` (TS2775), which is how tests are written.
export const RUNTIME_TYPES_FILE = 'fixpoint-runtime.d.ts';

const TYPES = `
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  trace(...data: unknown[]): void;
  dir(item?: unknown, options?: unknown): void;
  table(data: unknown, columns?: string[]): void;
  assert(condition?: boolean, ...data: unknown[]): void;
  count(label?: string): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
}
interface FixpointTimeout {
  ref(): FixpointTimeout;
  unref(): FixpointTimeout;
  hasRef(): boolean;
  [Symbol.toPrimitive](): number;
}
interface FixpointStdin {
  setEncoding(encoding?: string): FixpointStdin;
  on(event: 'data', listener: (chunk: string) => void): FixpointStdin;
  on(event: string, listener: (...args: any[]) => void): FixpointStdin;
  once(event: string, listener: (...args: any[]) => void): FixpointStdin;
  read(): string | null;
  resume(): FixpointStdin;
  [Symbol.asyncIterator](): AsyncIterator<string>;
}
interface FixpointFs {
  readFileSync(path: 0 | '/dev/stdin', encoding: string | { encoding: string }): string;
  readFileSync(path: 0 | '/dev/stdin'): { toString(): string };
  writeSync(fd: 1 | 2, text: string): number;
}
interface FixpointLineReader {
  on(event: 'line', listener: (line: string) => void): FixpointLineReader;
  on(event: 'close', listener: () => void): FixpointLineReader;
  close(): void;
  [Symbol.asyncIterator](): AsyncIterator<string>;
}
interface FixpointReadline {
  createInterface(options: { input: FixpointStdin; output?: unknown; terminal?: boolean }): FixpointLineReader;
}
type FixpointTimerId = FixpointTimeout | number | undefined;
type FixpointTestBody = (done?: (err?: unknown) => void) => void | Promise<void>;
declare module 'node:assert' {
  function assert(value: unknown, message?: string | Error): void;
  namespace assert {
    class AssertionError extends Error {
      actual: unknown;
      expected: unknown;
      operator: string;
      generatedMessage: boolean;
      code: 'ERR_ASSERTION';
      constructor(options: { message?: string; actual?: unknown; expected?: unknown; operator?: string });
    }
    type Matcher = RegExp | Function | ((err: unknown) => boolean) | object | Error;
    function ok(value: unknown, message?: string | Error): void;
    function fail(message?: string | Error): never;
    function equal(actual: unknown, expected: unknown, message?: string | Error): void;
    function notEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    function deepEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    function notDeepEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    function strictEqual<T>(actual: unknown, expected: T, message?: string | Error): void;
    function notStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    function deepStrictEqual<T>(actual: unknown, expected: T, message?: string | Error): void;
    function notDeepStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    function throws(block: () => unknown, error?: Matcher | string, message?: string | Error): void;
    function doesNotThrow(block: () => unknown, message?: string | Error): void;
    function rejects(block: (() => Promise<unknown>) | Promise<unknown>, error?: Matcher | string, message?: string | Error): Promise<void>;
    function doesNotReject(block: (() => Promise<unknown>) | Promise<unknown>, message?: string | Error): Promise<void>;
    function match(value: string, regExp: RegExp, message?: string | Error): void;
    function doesNotMatch(value: string, regExp: RegExp, message?: string | Error): void;
    function ifError(value: unknown): void;
    const strict: typeof assert;
  }
  export = assert;
}
declare module 'assert' {
  import assert = require('node:assert');
  export = assert;
}
declare module 'node:test' {
  export function test(name: string, fn: FixpointTestBody): Promise<void>;
  export function it(name: string, fn: FixpointTestBody): Promise<void>;
  export function describe(name: string, fn: () => void | Promise<void>): Promise<void>;
  export default test;
}
`;

const GLOBALS: Record<string, string> = {
  console: `declare var console: Console;`,
  setTimeout: `declare function setTimeout<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): FixpointTimeout;`,
  setInterval: `declare function setInterval<A extends unknown[]>(callback: (...args: A) => void, ms?: number, ...args: A): FixpointTimeout;`,
  setImmediate: `declare function setImmediate<A extends unknown[]>(callback: (...args: A) => void, ...args: A): FixpointTimeout;`,
  clearTimeout: `declare function clearTimeout(id: FixpointTimerId): void;`,
  clearInterval: `declare function clearInterval(id: FixpointTimerId): void;`,
  clearImmediate: `declare function clearImmediate(id: FixpointTimerId): void;`,
  queueMicrotask: `declare function queueMicrotask(callback: () => void): void;`,
  structuredClone: `declare function structuredClone<T>(value: T): T;`,
  process: `declare var process: {
  exit(code?: number): never;
  exitCode: number | undefined;
  argv: string[];
  env: Record<string, string | undefined>;
  stdin: FixpointStdin;
  stdout: { write(text: string): boolean };
  stderr: { write(text: string): boolean };
};`,
  test: `declare function test(name: string, fn: FixpointTestBody): void;`,
  it: `declare function it(name: string, fn: FixpointTestBody): void;`,
  describe: `declare function describe(name: string, fn: () => void | Promise<void>): void;`,
  require: `declare function require(id: 'node:assert' | 'assert'): typeof import('node:assert');
declare function require(id: 'fs' | 'node:fs'): FixpointFs;
declare function require(id: 'readline' | 'node:readline'): FixpointReadline;
declare function require(id: string): unknown;`,
  module: `declare var module: { exports: unknown };`,
  exports: `declare var exports: unknown;`,
};

/** The declarations, without the globals the code declares itself. */
export function runtimeTypes(declaredByCode: ReadonlySet<string>): string {
  const globals = Object.entries(GLOBALS).filter(([name]) => !declaredByCode.has(name));
  return `${TYPES}\n${globals.map(([, text]) => text).join('\n')}\n`;
}
