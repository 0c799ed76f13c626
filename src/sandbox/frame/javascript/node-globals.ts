// What node gives a program and a browser worker does not: require, process, console as node
// prints it, setImmediate, timers that keep the program alive. Installed once per worker (each
// worker runs one job), before the run's scripts.
import { assertModule, strictAssertModule } from './assert.ts';
import { deepEqual } from './deep-equal.ts';
import { format, inspect } from './inspect.ts';
import { ErrorCtor, create, defineProperty, freeze, toText } from './intrinsics.ts';
import { testCall } from './test-call.ts';
import type { TestRunner } from './test-runner.ts';
import { stdinModules } from './stdin.ts';

const NODE_BUILTINS = new Set(
  'assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl stream string_decoder sys test timers tls trace_events tty url util v8 vm wasi worker_threads zlib'.split(
    ' ',
  ),
);

export interface Host {
  write(stream: 'stdout' | 'stderr', text: string): void;
  exit(code: number): never;
  /** A falsy console.assert, after Node's print; `from` is the console.assert the code called. */
  assertFailed(message: string | undefined, actual: unknown, from: unknown): void;
  /** A truthy console.assert: counted as a passed unit when the tests made it outside test(). */
  assertPassed(from: unknown): void;
  tests: TestRunner;
  timers: {
    setTimeout: (fn: unknown, ms?: unknown, ...args: unknown[]) => unknown;
    setInterval: (fn: unknown, ms?: unknown, ...args: unknown[]) => unknown;
    clear: (t: unknown) => void;
  };
  /** A contest program's standard input: fs.readFileSync(0), process.stdin and readline read it. */
  stdin?: string;
}

function notAvailable(name: string): Error {
  const err = new ErrorCtor(
    `Cannot find module '${name}': Node's built-in modules are not available in the offline JavaScript runner (only assert, node:test and a small util are). Run the code as a Node.js project (the WebContainer runner) to use '${name}'.`,
  );
  defineProperty(err, 'code', { value: 'ERR_UNAVAILABLE_IN_SANDBOX', enumerable: true });
  return err;
}

export interface Installed {
  exitCode: () => unknown;
  /**
   * Puts the harness's globals back (the tests must call the real `test` and `require`, not what
   * the candidate put there) and fixes console.assert in place; throws when the candidate made one
   * of them impossible to replace.
   */
  reinstall: () => void;
  /** The harness's own test, it, describe, require, process and console, in that order. */
  own: unknown[];
}

export function installNodeGlobals(g: Record<string, unknown>, host: Host): Installed {
  const installed: [string, unknown][] = [];
  const def = (name: string, value: unknown): void => {
    defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
    installed[installed.length] = [name, value];
  };

  const test = (...args: unknown[]): void => {
    const c = testCall(args);
    host.tests.register(c.name, c.fn, c.skip);
  };
  const skip = (...args: unknown[]): void => {
    const c = testCall(args);
    host.tests.register(c.name, c.fn, true);
  };
  const describe = (...args: unknown[]): void => {
    const c = testCall(args);
    if (c.skip) host.tests.register(c.name, undefined, true);
    else host.tests.group(c.name, c.fn, (body) => void body());
  };
  for (const f of [test, describe]) defineProperty(f, 'skip', { value: skip });
  const testModule = freeze(Object.assign(test, { test, it: test, describe, suite: describe }));
  const util = freeze({
    inspect: (v: unknown) => inspect(v),
    format: (...args: unknown[]) => format(args),
    isDeepStrictEqual: (a: unknown, b: unknown) => deepEqual(a, b, true),
  });

  const modules: Record<string, unknown> = create(null) as Record<string, unknown>;
  modules.assert = assertModule;
  modules['assert/strict'] = strictAssertModule;
  modules.test = testModule;
  modules.util = util;
  const input =
    host.stdin === undefined
      ? undefined
      : stdinModules(
          host.stdin,
          (fn) => void host.timers.setTimeout(fn, 0),
          (s, text) => host.write(s, text),
        );
  if (input) {
    modules.fs = input.fs;
    modules.readline = input.readline;
  }
  const require = (id: unknown): unknown => {
    const name = toText(id);
    const bare = name.startsWith('node:') ? name.slice(5) : name;
    if (bare in modules && (bare !== 'test' || name === 'node:test')) return modules[bare];
    if (NODE_BUILTINS.has(bare) || NODE_BUILTINS.has(bare.split('/')[0]!)) throw notAvailable(name);
    const err = new ErrorCtor(
      `Cannot find module '${name}'. Packages cannot be installed in the offline JavaScript runner: run the code as a Node.js project (the WebContainer runner) to use npm packages.`,
    );
    defineProperty(err, 'code', { value: 'MODULE_NOT_FOUND', enumerable: true });
    throw err;
  };
  def('require', require);
  const module = { exports: {} as unknown, id: '.', filename: '/main.js', loaded: false };
  def('module', module);
  def('exports', module.exports);
  def('__filename', '/main.js');
  def('__dirname', '/');
  def('global', g);

  let exitCode: unknown = undefined;
  const stream = (s: 'stdout' | 'stderr') => ({
    write: (chunk: unknown) => (host.write(s, toText(chunk)), true),
    isTTY: false,
  });
  const process = {
    argv: ['/usr/local/bin/node', '/main.js'],
    env: {},
    platform: 'browser',
    version: 'v20.0.0',
    versions: {},
    exit: (code?: unknown): never => host.exit(code === undefined ? Number(exitCode ?? 0) : Number(code)),
    nextTick: (fn: unknown, ...args: unknown[]) => queueMicrotask(() => (fn as (...a: unknown[]) => void)(...args)),
    cwd: () => '/',
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    ...(input ? { stdin: input.stdin } : {}),
    on: () => process,
    once: () => process,
    hrtime: Object.assign(
      (prev?: [number, number]) => {
        const ns = Math.round(performance.now() * 1e6);
        const t: [number, number] = [Math.floor(ns / 1e9), ns % 1e9];
        return prev ? [t[0] - prev[0], t[1] - prev[1]] : t;
      },
      { bigint: () => BigInt(Math.round(performance.now() * 1e6)) },
    ),
  };
  defineProperty(process, 'exitCode', {
    get: () => exitCode,
    set: (v: unknown) => void (exitCode = v),
    enumerable: true,
  });
  def('process', process);

  const print =
    (s: 'stdout' | 'stderr') =>
    (...args: unknown[]): void =>
      host.write(s, `${format(args)}\n`);
  const counts: Record<string, number> = create(null) as Record<string, number>;
  const timersStart: Record<string, number> = create(null) as Record<string, number>;
  const consoleAssert = (cond: unknown, ...args: unknown[]): void => {
    if (cond) return void host.assertPassed(consoleAssert);
    const message = args.length ? format(args) : undefined;
    host.write('stderr', `Assertion failed${message === undefined ? '' : `: ${message}`}\n`);
    host.assertFailed(message, cond, consoleAssert);
  };
  const consoleObject = {
    log: print('stdout'),
    info: print('stdout'),
    debug: print('stdout'),
    dir: (v: unknown) => host.write('stdout', `${inspect(v)}\n`),
    table: print('stdout'),
    error: print('stderr'),
    warn: print('stderr'),
    trace: (...args: unknown[]) => host.write('stderr', `Trace: ${format(args)}\n`),
    assert: consoleAssert,
    count: (label = 'default') => host.write('stdout', `${label}: ${(counts[label] = (counts[label] ?? 0) + 1)}\n`),
    time: (label = 'default') => void (timersStart[label] = performance.now()),
    timeEnd: (label = 'default') =>
      host.write(
        'stdout',
        `${label}: ${(performance.now() - (timersStart[label] ?? performance.now())).toFixed(3)}ms\n`,
      ),
    group: () => undefined,
    groupEnd: () => undefined,
  };
  // Kept apart so reinstall can undo a candidate's `console.assert = () => {}` before the tests.
  const consoleMethods = Object.entries(consoleObject);
  def('console', consoleObject);

  def('setTimeout', host.timers.setTimeout);
  def('setInterval', host.timers.setInterval);
  def('setImmediate', (fn: unknown, ...args: unknown[]) => host.timers.setTimeout(fn, 0, ...args));
  def('clearTimeout', host.timers.clear);
  def('clearInterval', host.timers.clear);
  def('clearImmediate', host.timers.clear);
  def('test', test);
  def('it', test);
  def('describe', describe);
  const all = installed.slice();
  return {
    exitCode: () => exitCode,
    own: ['test', 'it', 'describe', 'require', 'process', 'console'].map((n) => all.find((e) => e[0] === n)?.[1]),
    reinstall: () => {
      for (let i = 0; i < all.length; i++)
        defineProperty(g, all[i]![0], { value: all[i]![1], writable: true, configurable: true, enumerable: false });
      // From the tests on, console.assert stays the harness's: code the candidate runs during them
      // (its own test(), a callback, a microtask) could otherwise silence the tests' asserts.
      for (let i = 0; i < consoleMethods.length; i++) {
        const open = consoleMethods[i]![0] !== 'assert';
        defineProperty(consoleObject, consoleMethods[i]![0], {
          value: consoleMethods[i]![1],
          writable: open,
          configurable: open,
          enumerable: true,
        });
      }
    },
  };
}
