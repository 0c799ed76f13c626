// Visible and hidden tests of a dataset problem, for batch runs: the loop (and so the model) only
// ever sees the visible ones; the hidden ones grade the final candidate once the loop has ended.
import { problemToTask, type Problem } from './problems.ts';
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
function splitMismatch(p: Problem, visible: VisibleTests): string | undefined {
  if (visible === 'pack') return p.packVisible === undefined ? PACK_ONLY : undefined;
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

function assertOf(e: Example): string {
  const call = e.source.includes('\n') ? `(${e.source.replace(/\n/g, ' ')})` : e.source;
  if (e.expected !== '') return `assert ${call} == ${e.expected}`;
  // Written as a comparison that should hold (`f(x) == y`, nothing printed), or a call that returns None.
  return e.source.includes('==') ? `assert ${call}` : `assert ${call} is None`;
}

/** The problem's task with only its visible tests, and its hidden tests apart. */
export function splitProblem(p: Problem, visible: VisibleTests, timeoutSec: number): SplitProblem {
  const mismatch = splitMismatch(p, visible);
  if (mismatch !== undefined) throw new Error(`${p.taskId}: ${mismatch}`);
  if (visible === 'doc') {
    const asserts = docExamples(p.prompt).map(assertOf);
    const body = asserts.length > 0 ? asserts.map((a) => `    ${a}`).join('\n') : '    pass  # no examples';
    const task = problemToTask({ ...p, test: `def check(candidate):\n${body}\n` }, timeoutSec);
    const hidden: TestSpec = { kind: 'humaneval', test: p.test ?? '', entryPoint: p.entryPoint ?? '' };
    return {
      task,
      hidden,
      visibleCount: asserts.length,
      hiddenCount: (p.test ?? '').match(/^\s*assert\b/gm)?.length ?? 1,
    };
  }
  const all = p.asserts ?? [];
  const k = visible === 'pack' ? (p.packVisible ?? all.length) : visible;
  const shown = all.slice(0, k);
  const rest = all.slice(k);
  return {
    task: problemToTask({ ...p, asserts: shown }, timeoutSec),
    hidden: { kind: 'mbpp', setup: p.setup ?? '', asserts: rest },
    visibleCount: shown.length,
    hiddenCount: rest.length,
  };
}
