// A falsy console.assert inside the loop's tests, as the failure the test reports. Node only
// prints "Assertion failed" and goes on, so tests a model wrote that way would never fail.
import { AssertionError } from './assert.ts';
import { toText } from './intrinsics.ts';

/** The operator of its AssertionError: it compared nothing, so feedback shows no expected and actual. */
export const CONSOLE_ASSERT = 'console.assert';

// Taken when the worker loads, before any run code could replace it.
const captureStack = (Error as { captureStackTrace?: (o: object, fn?: unknown) => void }).captureStackTrace;

/**
 * The error for a falsy `console.assert(value, ...)` whose printed message is `message`; `from`
 * is the console.assert called, so the stack starts at the call. `withLine` adds the call's line
 * of source (`sourceOf` finds it from a stack), as assert.ok does for a failure without a message.
 */
export function consoleAssertion(
  message: string | undefined,
  value: unknown,
  from: unknown,
  sourceOf: (stack: string) => string | undefined,
  withLine: boolean,
): AssertionError {
  const probe: { stack?: string } = {};
  captureStack?.(probe, from);
  const line = withLine ? sourceOf(toText(probe.stack ?? '')) : undefined;
  const text = `console.assert failed${message === undefined ? '' : `: ${message}`}${line ? `\n\n  ${line}\n` : ''}`;
  return new AssertionError({
    message: text,
    actual: value,
    expected: true,
    operator: CONSOLE_ASSERT,
    stackStartFn: from,
    generatedMessage: false,
  });
}
