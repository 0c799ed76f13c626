// The entry point the loop's tests reach the harness through: made with the built-ins taken when
// the worker loaded, whatever run code patched since, and it knows whether the tests' body ran.
import { describe, expect, it } from 'vitest';
import { wrapTests } from '../../../src/sandbox/frame/javascript/tests-wrapper.ts';

describe('the tests entry point', () => {
  it('is defined and named with captured built-ins, and says whether the body was called', () => {
    const g: Record<string, unknown> = {};
    const define = Object.defineProperty;
    const toString = Number.prototype.toString;
    Object.defineProperty = ((o: object) => o) as typeof Object.defineProperty;
    Number.prototype.toString = () => '';
    let wrapped;
    try {
      wrapped = wrapTests(g, 'test("x")', ['own test']);
    } finally {
      Object.defineProperty = define;
      Number.prototype.toString = toString;
    }
    const key =
      /^(__fixpoint_\w+)\(function \(test, it, describe, require, process, console\) \{test\("x"\)\n\}\);$/.exec(
        wrapped.text,
      )?.[1];
    expect(key).toMatch(/^__fixpoint_\w{8,}$/);
    expect(wrapped.ran()).toBe(false);
    const entry = g[key!] as (body: (...a: unknown[]) => unknown) => unknown;
    expect(entry((t) => t)).toBe('own test');
    expect(wrapped.ran()).toBe(true);
  });
});
