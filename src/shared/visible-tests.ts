// Visible and hidden tests of a dataset problem, for batch runs: the loop (and so the model) only
// ever sees the visible ones; the hidden ones grade the final candidate once the loop has ended.
// Each row format splits its own problems (src/kinds/rows.ts).
import type { Problem } from './problems.ts';
import type { TestSpec } from './run.ts';
import type { Task } from './task.ts';

/**
 * The first K asserts of an MBPP problem, 'doc': a HumanEval prompt's docstring examples, or
 * 'pack': a classroom pack's own visible tests (the Benchmark view only; `run` reads no packs).
 */
export type VisibleTests = number | 'doc' | 'pack';

export interface SplitProblem {
  /** The task the loop works on: its tests are the visible ones only, and so is its text. */
  task: Task;
  /** Run once on the final candidate; they decide whether the problem passed. */
  hidden: TestSpec;
  visibleCount: number;
  hiddenCount: number;
}

const PACK_ONLY = "the pack's own split is for classroom packs, and this dataset is not one";

/** Why `visible` cannot apply to problems of this kind, or undefined when it can. */
export function visibleTestsMismatch(kind: Problem['kind'], visible: VisibleTests): string | undefined {
  // Whether a problem came from a pack is not a matter of kind (pack exercises read as MBPP ones).
  if (visible === 'pack') return PACK_ONLY;
  if (visible === 'doc')
    return kind === 'humaneval' ? undefined : `--visible-tests doc is for HumanEval problems, not ${kind} ones`;
  if (!Number.isInteger(visible) || visible < 1) return '--visible-tests must be a whole number of at least 1, or doc';
  return kind === 'mbpp'
    ? undefined
    : `--visible-tests ${visible} is for MBPP problems (the first asserts of test_list); for HumanEval use --visible-tests doc`;
}

/** Why `visible` cannot apply to this problem, or undefined when it can. */
export function splitMismatch(p: Problem, visible: VisibleTests): string | undefined {
  if (visible === 'pack') return p.kind === 'mbpp' && p.packVisible !== undefined ? undefined : PACK_ONLY;
  return visibleTestsMismatch(p.kind, visible);
}

/** Why `visible` cannot apply to these problems (said once, not once per task), or undefined when it can. */
export function datasetMismatch(problems: readonly Problem[], visible: VisibleTests): string | undefined {
  for (const p of problems) {
    const why = splitMismatch(p, visible);
    if (why !== undefined) return why;
  }
  return undefined;
}

interface Example {
  source: string;
  /** The output line doctest would compare with; '' when the example prints nothing. */
  expected: string;
}

const PROMPT = /^\s*>>>\s?(.*)$/;
const MORE = /^\s*\.\.\.\s?(.*)$/;
const DOC_END = /"""|'''/;
const NO_OPERATOR = /\)\s+[[({'"\w-]/;

/**
 * The doctest examples of a HumanEval prompt: `>>> call` (with `...` continuation lines) and the
 * single output line after it. An example whose output runs over several lines, or that prints,
 * is left out: it has no one value to compare.
 */
export function docExamples(prompt: string): Example[] {
  const lines = prompt.split(/\r?\n/);
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = PROMPT.exec(lines[i]!);
    if (!m) continue;
    let source = m[1]!.trim();
    while (i + 1 < lines.length && MORE.test(lines[i + 1]!)) source += `\n${MORE.exec(lines[++i]!)![1]}`;
    const output: string[] = [];
    while (i + 1 < lines.length) {
      const next = lines[i + 1]!;
      if (next.trim() === '' || PROMPT.test(next) || DOC_END.test(next)) break;
      output.push(next.trim());
      i++;
    }
    if (source === '' || output.length > 1 || /\bprint\s*\(/.test(source)) continue;
    // `f(x) [1, 2]` with nothing printed: a comparison whose operator went missing; no one can say.
    if (output.length === 0 && !source.includes('==') && NO_OPERATOR.test(source)) continue;
    out.push({ source, expected: output[0] ?? '' });
  }
  return out;
}
