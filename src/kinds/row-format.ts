// What every dataset row format answers (src/kinds/<kind>/<format>.ts); eval, run and the
// Benchmark view ask src/kinds/rows.ts instead of testing a problem's fields.
import type { JsonlRow, ProblemKind, ProblemOf } from '../shared/problems.ts';
import type { RunJob } from '../shared/run.ts';
import type { Task } from '../shared/task.ts';
import type { SplitProblem, VisibleTests } from '../shared/visible-tests.ts';

/**
 * Formats that share a file layout (JSONL or a JSON array of objects) are told apart row by row:
 * the field that names a row, whether a row is the format's, and the problem it holds.
 */
interface ByRow<K extends ProblemKind> {
  by: 'row';
  idField: 'task_id' | 'name';
  recognises(row: Record<string, unknown>): boolean;
  /** The row's problem; an InputError naming the file and the row's line when it is not right. */
  read(row: JsonlRow, file: string, rawId: string | number): ProblemOf<K>;
}

/** A format with its own layout (its ids, its line numbers) is told apart by the file's text. */
interface ByFile<K extends ProblemKind> {
  by: 'file';
  recognises(text: string): boolean;
  /** Its problems, when the file alone holds them (BIRD's need their databases: src/kinds/sql/bird.ts). */
  read?(text: string, file: string, timeoutSec: number): Promise<ProblemOf<K>[]>;
}

/** How the loop works on a problem and how a completion is graded. */
interface LoopGrading<K extends ProblemKind> {
  /** Seconds per run (a program's: per test) when the command gives none. */
  timeoutSec: number;
  /** The job the dataset's own harness would run for this completion. */
  job(p: ProblemOf<K>, completion: string, timeoutSec: number, mode: RunJob['mode']): RunJob;
  /** The task the loop is given: the model sees the problem as the dataset states it. */
  task(p: ProblemOf<K>, timeoutSec: number): Task;
  /**
   * The task with only its visible tests and the hidden ones apart: as `visible` asks (the caller
   * has checked it applies), or the format's own split whatever is asked; undefined for none.
   */
  split(p: ProblemOf<K>, visible: VisibleTests | undefined, timeoutSec: number): SplitProblem | undefined;
}

export interface RowFormat<K extends ProblemKind = ProblemKind> {
  kind: K;
  reading: ByRow<K> | ByFile<K>;
  /** None for SQL questions: they run in their own workspace and BIRD's compare rule grades them. */
  loop?: LoopGrading<K>;
}
