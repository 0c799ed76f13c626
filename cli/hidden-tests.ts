// `run --visible-tests`: the flag and its check against the file's problems. Running the hidden
// tests is shared with the Benchmark view (src/loop/hidden-tests.ts).
import type { Problem } from '../src/shared/problems.ts';
import { visibleTestsMismatch, type VisibleTests } from '../src/shared/visible-tests.ts';
import { UsageError } from './args.ts';

export const VISIBLE_TESTS_USAGE = `--visible-tests K|doc: the model sees only these tests; the rest are hidden and decide "passed" (MBPP: the first K asserts; HumanEval: doc, the docstring's examples)`;

/** The flag's value, checked against every problem of the file. */
export function visibleTestsFlag(value: string | undefined, problems: Problem[]): VisibleTests | undefined {
  if (value === undefined) return undefined;
  const visible: VisibleTests = value === 'doc' ? 'doc' : /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (Number.isNaN(visible)) throw new UsageError(`--visible-tests must be a whole number of at least 1, or doc`);
  for (const kind of new Set(problems.map((p) => p.kind))) {
    const why = visibleTestsMismatch(kind, visible);
    if (why !== undefined) throw new UsageError(why);
  }
  return visible;
}
