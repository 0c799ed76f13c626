// Every dataset row format, by name: the one place that knows them all. `eval`, `run` and the
// Benchmark view read problems, build jobs and tasks through here. Adding a format: CONTRIBUTING.md.
import { InputError, parseRows, taskId, type Problem, type ProblemKind } from '../shared/problems.ts';
import type { RunJob } from '../shared/run.ts';
import type { Task } from '../shared/task.ts';
import { splitMismatch, type SplitProblem, type VisibleTests } from '../shared/visible-tests.ts';
import { humanEvalRows } from './function/humaneval.ts';
import { mbppRows } from './function/mbpp.ts';
import { multiplERows } from './function/multipl-e.ts';
import { liveCodeBenchRows } from './program/livecodebench.ts';
import type { RowFormat } from './row-format.ts';
import { birdRows } from './sql/bird.ts';
import { webRows } from './web/rows.ts';

const FORMATS: { [K in ProblemKind]: RowFormat<K> } = {
  humaneval: humanEvalRows,
  mbpp: mbppRows,
  'multipl-e': multiplERows,
  livecodebench: liveCodeBenchRows,
  web: webRows,
  sql: birdRows,
};

/** Row by row, the first that recognises a row reads it (MultiPL-E has no task_id; a web row's checks win over a prompt). */
const BY_ROW = ([multiplERows, webRows, mbppRows, humanEvalRows] as RowFormat[]).flatMap((f) =>
  f.reading.by === 'row' ? [f.reading] : [],
);

const NONE =
  'not a HumanEval row (prompt, test, entry_point), an MBPP row (text, test_list), a MultiPL-E row (name, language, prompt, tests) nor a web page row (prompt, checks)';

// Each entry takes its own format's problem; the caller passes the problem it asked about.
const formatOf = (p: Problem): RowFormat => FORMATS[p.kind] as RowFormat;

function loopOf(p: Problem): NonNullable<RowFormat['loop']> {
  const loop = formatOf(p).loop;
  if (!loop) throw new Error(`${p.taskId}: a ${p.kind} problem is not worked on by the code loop`);
  return loop;
}

/** The problems of a JSONL file or JSON array whose rows are HumanEval, MBPP, MultiPL-E or web page ones. */
export function parseProblems(text: string, file: string): Problem[] {
  const seen = new Set<string>();
  return parseRows(text, file).map((row) => {
    const reading = BY_ROW.find((r) => r.recognises(row.value));
    const idField = reading?.idField ?? 'task_id';
    const rawId = idField === 'name' ? (row.value.name as string) : taskId(row, file);
    const id = String(rawId);
    if (seen.has(id)) throw new InputError(file, row.line, `${idField} ${JSON.stringify(rawId)} appears twice`);
    seen.add(id);
    if (!reading) throw new InputError(file, row.line, NONE);
    return reading.read(row, file, rawId);
  });
}

/**
 * The problems of a file in any format read from the file alone (LiveCodeBench's own layout, else
 * the row-by-row ones), and the seconds a run takes when the command gives none.
 */
export async function readProblems(
  text: string,
  file: string,
  timeoutSec?: number,
): Promise<{ problems: Problem[]; timeoutSec: number }> {
  for (const f of Object.values(FORMATS) as RowFormat[]) {
    if (f.reading.by !== 'file' || !f.reading.read || !f.reading.recognises(text)) continue;
    const seconds = timeoutSec ?? f.loop?.timeoutSec ?? 3;
    return { problems: await f.reading.read(text, file, seconds), timeoutSec: seconds };
  }
  return { problems: parseProblems(text, file), timeoutSec: timeoutSec ?? 3 };
}

/** Whether the text is a file of this format's (one read whole: LiveCodeBench, BIRD). */
export function isFileOf(kind: ProblemKind, text: string): boolean {
  const { reading } = FORMATS[kind];
  return reading.by === 'file' && reading.recognises(text);
}

/** The job the format's reference harness would run for this completion. */
export function problemJob(
  p: Problem,
  completion: string,
  timeoutSec: number,
  mode: RunJob['mode'] = 'reference',
): RunJob {
  return loopOf(p).job(p, completion, timeoutSec, mode);
}

/** A task the loop can work on: the model sees the problem as the dataset states it. */
export function problemToTask(p: Problem, timeoutSec: number): Task {
  return loopOf(p).task(p, timeoutSec);
}

/** The problem's task with only its visible tests, and its hidden tests apart. */
export function splitProblem(p: Problem, visible: VisibleTests, timeoutSec: number): SplitProblem {
  const mismatch = splitMismatch(p, visible);
  if (mismatch !== undefined) throw new Error(`${p.taskId}: ${mismatch}`);
  return loopOf(p).split(p, visible, timeoutSec)!;
}

/** The visible/hidden split the loop works on, if any: the problem's own (LiveCodeBench), else as `visible` asks. */
export function splitOf(p: Problem, visible: VisibleTests | undefined, timeoutSec: number): SplitProblem | undefined {
  const own = loopOf(p).split(p, undefined, timeoutSec);
  if (own) return own;
  return visible === undefined ? undefined : splitProblem(p, visible, timeoutSec);
}
