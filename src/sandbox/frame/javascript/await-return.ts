// What a test returned, awaited as node:test awaits it: a promise or any thenable, so the test
// fails on whatever it rejects with. A promise of this realm goes through the captured `then`,
// which still reads Promise.prototype.constructor and Promise[Symbol.species]: run code may have
// made them throw, which the harness once took for "not a promise" and so for a pass. Whatever
// is thrown while the return value is awaited fails the test, as it makes node's await reject.
import { apply, getPrototypeOf, hasOwn, promiseThen } from './intrinsics.ts';

const PromiseProto = Promise.prototype;
const later = queueMicrotask;

export function awaitReturn(value: unknown, ok: () => void, fail: (err: unknown) => void): void {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return ok();
  // A thenable's callbacks are its own to call, at once or never; node runs them a job later.
  let called = false;
  try {
    if (getPrototypeOf(value) === PromiseProto && !hasOwn(value, 'constructor')) {
      void promiseThen(value, () => ok(), fail);
      return;
    }
    const then = (value as { then?: unknown }).then;
    if (typeof then === 'function') {
      const settle = (fn: () => void): void => {
        if (!called) later(fn);
        called = true;
      };
      apply(then, value, [() => settle(ok), (err: unknown) => settle(() => fail(err))]);
      return;
    }
  } catch (err) {
    if (!called) fail(err);
    return;
  }
  ok();
}
