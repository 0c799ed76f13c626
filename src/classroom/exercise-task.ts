// An exercise as a task for the normal loop (student `solve` mode, and the teacher's difficulty
// run). Hidden tests go in as the task's hidden tests, which the loop grades but never shows.
import { codeTask, type Task } from '../shared/task.ts';
import { codeOf } from './kinds/registry.ts';
import type { PackExercise } from './types.ts';
import { limitsFor } from '../shared/run.ts';

export function exerciseTask(packId: string, ex: PackExercise): Task {
  const { language, tests } = codeOf(ex);
  const task: Task = codeTask(
    {
      id: `pack:${packId}:${ex.id}`,
      title: ex.title,
      prompt: ex.statement,
      language,
      starterCode: ex.starter,
      ...(ex.entryPoint ? { entryPoint: ex.entryPoint } : {}),
      limits: limitsFor(ex.limits.timeoutSec),
    },
    tests.joined(ex, ex.tests),
  );
  if (ex.hiddenTests.length) task.hiddenTests = tests.joined(ex, ex.hiddenTests);
  return task;
}
