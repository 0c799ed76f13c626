// The normal loop on one exercise: student `solve` mode, and the teacher's "how hard is this
// for a model" run. The hidden tests are graded by the loop but never shown to the model.
import { exerciseTask } from '../../classroom/exercise-task.ts';
import type { PackExercise } from '../../classroom/types.ts';
import { runLoop } from '../../loop/engine.ts';
import type { LoopOutcome } from '../../loop/types.ts';
import { createModelClient } from '../../models/create-client.ts';
import { plural } from '../../shared/format.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { ClassroomModels } from './models.ts';

const SOLVE_ITERATIONS = 5;

export function solveExercise(
  packId: string,
  ex: PackExercise,
  deps: { models: ClassroomModels; runtime: Runtime; signal?: AbortSignal; onStatus?: (s: string) => void },
): Promise<LoopOutcome> {
  return runLoop({
    task: exerciseTask(packId, ex),
    model: createModelClient(deps.models.endpoint()),
    runtime: deps.runtime,
    settings: { maxIterations: SOLVE_ITERATIONS },
    signal: deps.signal,
    hooks: {
      onAttempt: () => undefined,
      onAttemptStart: (i) => deps.onStatus?.(`Attempt ${i + 1} of ${SOLVE_ITERATIONS}…`),
    },
  });
}

/** "passed after 2 attempts" / "not passed in 5 attempts: <why>". */
export function solveSummary(o: LoopOutcome): string {
  const n = o.attempts.filter((a) => a.source === 'model').length;
  const tries = plural(n, 'attempt');
  return o.passed ? `passed after ${tries}` : `not passed in ${tries}: ${o.endMessage}`;
}
