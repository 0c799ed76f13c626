// HumanEval rows {task_id, prompt, entry_point, test, canonical_solution}: the program is the
// prompt with the completion after it, checked by the row's check(candidate).
import { field, type HumanEvalProblem } from '../../shared/problems.ts';
import { type TestSpec, limitsFor } from '../../shared/run.ts';
import { docExamples } from '../../shared/visible-tests.ts';
import type { RowFormat } from '../row-format.ts';

/** A doctest example as an assert; an example with no output is a comparison that should hold, or a call that returns None. */
function assertOf(e: ReturnType<typeof docExamples>[number]): string {
  const call = e.source.includes('\n') ? `(${e.source.replace(/\n/g, ' ')})` : e.source;
  if (e.expected !== '') return `assert ${call} == ${e.expected}`;
  // Written as a comparison that should hold (`f(x) == y`, nothing printed), or a call that returns None.
  return e.source.includes('==') ? `assert ${call}` : `assert ${call} is None`;
}

const tests = (p: HumanEvalProblem): Extract<TestSpec, { kind: 'humaneval' }> => ({
  kind: 'humaneval',
  test: p.test,
  entryPoint: p.entryPoint,
});

export const humanEvalRows: RowFormat<'humaneval'> = {
  kind: 'humaneval',
  reading: {
    by: 'row',
    idField: 'task_id',
    recognises: (row) => 'prompt' in row || 'entry_point' in row,
    read: (row, file, rawId) => ({
      taskId: String(rawId),
      rawId,
      kind: 'humaneval',
      line: row.line,
      prompt: field(row, file, 'prompt', 'string') as string,
      test: field(row, file, 'test', 'string') as string,
      entryPoint: field(row, file, 'entry_point', 'string') as string,
      canonical: typeof row.value.canonical_solution === 'string' ? row.value.canonical_solution : undefined,
    }),
  },
  loop: {
    timeoutSec: 3,
    job: (p, completion, timeoutSec, mode) => ({
      language: 'python',
      code: p.prompt + completion,
      tests: tests(p),
      limits: limitsFor(timeoutSec),
      mode,
    }),
    task: (p, timeoutSec) => ({
      kind: 'function',
      id: p.taskId,
      title: p.taskId,
      prompt: p.prompt,
      language: 'python',
      starterCode: p.prompt,
      entryPoint: p.entryPoint,
      tests: tests(p),
      limits: limitsFor(timeoutSec),
    }),
    /** 'doc': the docstring's examples are the visible tests; the row's check decides. */
    split(p, visible, timeoutSec) {
      if (visible !== 'doc') return undefined;
      const asserts = docExamples(p.prompt).map(assertOf);
      const body = asserts.length > 0 ? asserts.map((a) => `    ${a}`).join('\n') : '    pass  # no examples';
      return {
        task: this.task({ ...p, test: `def check(candidate):\n${body}\n` }, timeoutSec),
        hidden: tests(p),
        visibleCount: asserts.length,
        hiddenCount: p.test.match(/^\s*assert\b/gm)?.length ?? 1,
      };
    },
  },
};
