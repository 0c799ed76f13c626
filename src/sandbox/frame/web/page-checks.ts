// The checks: compiled when the page's frame starts, before any of the page's scripts exist (the
// function constructors are the realm's own then), in strict mode (a patched DOM method cannot
// walk `caller` up to them and read their source), and run once the page has loaded with
// Fixpoint's `assert` (Node's semantics, captured built-ins), `test`/`it`/`describe`, and `await`.
import type { PageCheck } from '../../../shared/web.ts';
import { assertModule, setSourceLookup } from '../javascript/assert.ts';
import { awaitReturn } from '../javascript/await-return.ts';
import { describeThrown, firstFrame, type Described } from '../javascript/errors.ts';
import { append, apply, getPrototypeOf, stringSplit, stringTrim } from '../javascript/intrinsics.ts';
import { TestRunner } from '../javascript/test-runner.ts';

const FILE = 'checks.js';
// The function constructor puts two lines before the body; the strict directive shares the first line of the checks.
const HEADER_LINES = 2;

type CheckFn = (...args: unknown[]) => unknown;
const AsyncFunctionCtor = getPrototypeOf(async function () {}).constructor as new (...src: string[]) => CheckFn;

interface ChecksOutcome {
  checks: PageCheck[];
  failure?: string;
  failureType?: string;
  line?: number;
}

export interface Checks {
  run(done: (o: ChecksOutcome) => void): void;
}

const lineOf = (d: Described): number | undefined => {
  const f = firstFrame(d.exception.traceback, [FILE]);
  return f && f.line > HEADER_LINES ? f.line - HEADER_LINES : undefined;
};

const failed = (name: string, d: Described): PageCheck => ({
  name,
  passed: false,
  message: `${d.type}: ${d.message}`,
  expected: d.expected,
  actual: d.actual,
});

export function compileChecks(source: string): Checks {
  // assert.ok quotes the failing line, as Node does.
  const lines = stringSplit(source, '\n');
  setSourceLookup((stack) => {
    const f = firstFrame(stack, [FILE]);
    return f && f.line > HEADER_LINES ? stringTrim(lines[f.line - HEADER_LINES - 1] ?? '') : undefined;
  });
  let fn: CheckFn | undefined;
  let compileError: unknown;
  try {
    fn = new AsyncFunctionCtor('assert', 'test', 'it', 'describe', `'use strict';${source}\n//# sourceURL=${FILE}`);
  } catch (err) {
    compileError = err;
  }
  return {
    run(done) {
      const out: PageCheck[] = [];
      const finish = (failure?: Described, name = 'checks'): void => {
        if (!failure) return done({ checks: out });
        append(out, failed(name, failure));
        const named = name === 'checks' ? '' : `${name}: `;
        done({
          checks: out,
          failure: `${named}${failure.type}: ${failure.message}`,
          failureType: failure.type,
          line: lineOf(failure),
        });
      };
      if (!fn) return finish(describeThrown(compileError, [FILE], FILE), 'the checks do not compile');
      const runner = new TestRunner();
      const test = (name: unknown, body: unknown): void => runner.register(name, body);
      const describe = (name: unknown, body: unknown): void =>
        runner.group(name, body, (f) => void apply(f, undefined, []));
      let returned: unknown;
      try {
        returned = apply(fn, undefined, [assertModule, test, test, describe]);
      } catch (err) {
        return finish(describeThrown(err, [FILE], FILE, true));
      }
      awaitReturn(
        returned,
        () => {
          let first: { d: Described; name: string } | undefined;
          runner.run(
            (o) => {
              if (o.status === 'skipped') return;
              if (o.status === 'passed') return append(out, { name: o.name, passed: true });
              const d = describeThrown(o.error, [FILE], FILE, true);
              first ??= { d, name: o.name };
              append(out, failed(o.name, d));
            },
            () => {
              if (!first) return finish();
              const { d, name } = first;
              done({ checks: out, failure: `${name}: ${d.type}: ${d.message}`, failureType: d.type, line: lineOf(d) });
            },
          );
        },
        (err) => finish(describeThrown(err, [FILE], FILE, true)),
      );
    },
  };
}
