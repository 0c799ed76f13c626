// The arguments of node:test's `test([name][, options][, fn])` and `describe(...)`, told apart by
// type as node does: `test('adds', { timeout: 500 }, fn)` runs fn (it once ran nothing and passed).
// Only the options' own skip and todo are read: run code may have planted either on
// Object.prototype. A todo test's failure never fails the run, so it counts as skipped.
import { hasOwn } from './intrinsics.ts';

export interface TestCall {
  name: unknown;
  fn: unknown;
  skip: boolean;
}

const own = (options: object, key: string): unknown =>
  hasOwn(options, key) ? (options as Record<string, unknown>)[key] : undefined;

export function testCall(args: unknown[]): TestCall {
  let name = args[0];
  let options = args[1];
  let fn = args[2];
  if (typeof name === 'function') {
    fn = name;
    options = undefined;
    name = name.name || undefined;
  } else if (typeof name === 'object' && name !== null) {
    fn = options;
    options = name;
    name = undefined;
  } else if (typeof options === 'function') {
    fn = options;
    options = undefined;
  }
  if (name === undefined && typeof fn === 'function') name = fn.name || undefined;
  const skip = typeof options === 'object' && options !== null && !!(own(options, 'skip') || own(options, 'todo'));
  return { name, fn, skip };
}
