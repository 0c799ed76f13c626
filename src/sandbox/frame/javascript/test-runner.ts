// test(name, fn) / describe / it, in the manner of node:test: registered while the scripts run,
// run one after another once they have finished, what they return awaited (await-return.ts). A
// test fails on whatever it throws or rejects with: `throw undefined` is a failure, as in node.
// Run code may have patched Array.prototype before the tests register: the queue is a
// null-prototype record counted by the runner's own field (no push, no array index an inherited
// setter could swallow, no length to fake).
import { awaitReturn } from './await-return.ts';
import { ErrorCtor, apply, create, toText } from './intrinsics.ts';

type Fn = (...args: unknown[]) => unknown;

interface Registered {
  name: string;
  fn: Fn;
  skip: boolean;
}

/** `error` is what a failed test threw or rejected with: any value, undefined included. */
export type TestOutcome =
  | { name: string; status: 'passed' }
  | { name: string; status: 'skipped' }
  | { name: string; status: 'failed'; error: unknown };

const label = (name: unknown): string => (name === undefined || name === null ? '<anonymous>' : toText(name));

export class TestRunner {
  private queue: Record<number, Registered> = create(null) as Record<number, Registered>;
  private registered = 0;
  private prefix: Record<number, string> = create(null) as Record<number, string>;
  private depth = 0;
  running: string | undefined;
  private abandon: (() => void) | undefined;
  /** A failure recorded while the running test goes on (console.assert): the one reported. */
  private recorded: { error: unknown } | undefined;

  register(name: unknown, fn: unknown, skip = false): void {
    let full = '';
    for (let i = 0; i < this.depth; i++) full += `${this.prefix[i]!} > `;
    full += label(name);
    if (typeof fn !== 'function') fn = () => undefined;
    this.queue[this.registered++] = { name: full, fn: fn as Fn, skip };
  }

  /** describe's body runs at once, so the tests inside it are registered under its name. */
  group(name: unknown, fn: unknown, call: (fn: Fn) => void): void {
    const depth = this.depth;
    this.prefix[depth] = label(name);
    this.depth = depth + 1;
    try {
      if (typeof fn === 'function') call(fn as Fn);
    } finally {
      this.depth = depth;
    }
  }

  /** How many tests were registered: every one of them must report an outcome. */
  get count(): number {
    return this.registered;
  }

  /** Runs every registered test in order; `done` gets each outcome as it ends. */
  run(each: (o: TestOutcome) => void, done: () => void): void {
    let i = 0;
    const next = (): void => {
      if (i >= this.registered) {
        this.running = undefined;
        done();
        return;
      }
      const t = this.queue[i++]!;
      if (t.skip) {
        each({ name: t.name, status: 'skipped' });
        next();
        return;
      }
      this.running = t.name;
      this.recorded = undefined;
      let settled = false;
      const end = (failed: boolean, error?: unknown): void => {
        if (settled) return;
        settled = true;
        this.abandon = undefined;
        const recorded = this.recorded;
        this.recorded = undefined;
        if (recorded) each({ name: t.name, status: 'failed', error: recorded.error });
        else each(failed ? { name: t.name, status: 'failed', error } : { name: t.name, status: 'passed' });
        next();
      };
      this.abandon = () =>
        end(true, new ErrorCtor('the test never finished: its promise was still pending when nothing was left to run'));
      let result: unknown;
      try {
        // node:test passes a context; tests that take a `done` callback are not supported.
        result = apply(t.fn, undefined, [{ name: t.name }]);
      } catch (err) {
        end(true, err);
        return;
      }
      awaitReturn(
        result,
        () => end(false),
        (err) => end(true, err),
      );
    };
    next();
  }

  /**
   * Fails the running test without stopping it, as a falsy console.assert does; its first such
   * failure is what the test reports, whatever it throws or returns later. False when no test runs.
   */
  fail(error: unknown): boolean {
    if (!this.abandon) return false;
    this.recorded ??= { error };
    return true;
  }

  /** Nothing is left that could finish the running test: fail it and go on with the next. */
  giveUp(): boolean {
    if (!this.abandon) return false;
    this.abandon();
    return true;
  }
}
