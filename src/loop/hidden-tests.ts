// Visible and hidden tests in batch runs (`run --visible-tests`, the Benchmark view): the loop
// works on the visible tests only; once it has ended, the final candidate runs once on the hidden
// tests, which decide `passed` and never reach the model.
import { harnessPrefix } from './assemble.ts';
import type { LoopOutcome } from './types.ts';
import type { RunRow } from '../shared/bench-rows.ts';
import type { RunJob, RunResult } from '../shared/run.ts';
import type { SplitProblem } from '../shared/visible-tests.ts';

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
): Pick<RunRow, 'passed' | 'visible_passed' | 'hidden_passed' | 'visible_tests' | 'hidden_tests' | 'hidden_result'> {
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
