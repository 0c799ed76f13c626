// `run --visible-tests`: the loop works on the visible tests only; once it has ended, the final
// candidate runs once on the hidden tests, which decide `passed` and never reach the model.
import { harnessPrefix } from '../src/loop/assemble.ts';
import type { LoopOutcome } from '../src/loop/types.ts';
import type { Problem } from '../src/shared/problems.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import { visibleTestsMismatch, type SplitProblem, type VisibleTests } from '../src/shared/visible-tests.ts';
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

/** The reference harness's job for the final candidate on the hidden tests; undefined when there is nothing to run. */
export function hiddenJob(split: SplitProblem, outcome: LoopOutcome, timeoutSec: number): RunJob | undefined {
  const code = outcome.finalCandidate;
  if (code === undefined || split.hiddenCount === 0) return undefined;
  const prefix = harnessPrefix(split.task) ?? '';
  return {
    language: 'python',
    code: prefix + code,
    tests: split.hidden,
    limits: { timeoutSec, outputCap: 64 * 1024 },
    mode: 'reference',
  };
}

/** The row's fields for visible and hidden tests; `passed` needs both. */
export function hiddenFields(
  split: SplitProblem,
  outcome: LoopOutcome,
  hidden: RunResult | undefined,
): Record<string, unknown> {
  const hiddenPassed = outcome.finalCandidate !== undefined && (split.hiddenCount === 0 || hidden?.status === 'passed');
  return {
    passed: outcome.passed && hiddenPassed,
    visible_passed: outcome.passed,
    hidden_passed: hiddenPassed,
    visible_tests: split.visibleCount,
    hidden_tests: split.hiddenCount,
    ...(hidden && hidden.status !== 'passed' ? { hidden_result: hidden.result } : {}),
  };
}
