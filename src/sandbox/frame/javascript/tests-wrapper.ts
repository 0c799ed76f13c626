// The loop's tests run inside a function whose parameters are the harness's own test, require
// and the rest: a candidate that declared `const test = () => {}` cannot shadow them. The
// function reaches the harness through a global made for this run under a name the candidate
// cannot know, built and defined with captured built-ins only (it may have patched
// Object.defineProperty, Array.from or the iterators); and the harness checks that the tests'
// body was called, so a candidate that swapped the entry point has its run fail, not pass.
import { apply, defineProperty, numberToString } from './intrinsics.ts';

const PARAMS = 'test, it, describe, require, process, console';
const Words = Uint32Array;
const randomValues = crypto.getRandomValues.bind(crypto);

export interface WrappedTests {
  /** The script to run in place of the tests' source. */
  text: string;
  /** Whether the tests' body was handed to the harness. */
  ran(): boolean;
}

/** `own`: the harness's test, it, describe, require, process and console, in that order. */
export function wrapTests(g: object, source: string, own: unknown[]): WrappedTests {
  const words = randomValues(new Words(4));
  let key = '__fixpoint_';
  for (let i = 0; i < 4; i++) key += numberToString(words[i], 36);
  let ran = false;
  defineProperty(g, key, {
    value: (body: unknown) => {
      ran = true;
      return apply(body as (...a: unknown[]) => unknown, undefined, own);
    },
    configurable: true,
  });
  return { text: `${key}(function (${PARAMS}) {${source}\n});`, ran: () => ran };
}
