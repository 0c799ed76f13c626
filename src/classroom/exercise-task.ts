// An exercise as a task for the normal loop (student `solve` mode, and the teacher's difficulty
// run). Hidden tests go in as the task's hidden tests, which the loop grades but never shows.
import type { Language, OutputCompare, TestSpec } from '../shared/run.ts';
import { codeTask, type Task } from '../shared/task.ts';
import type { PackExercise, PackTest } from './types.ts';
import { testSpec } from './grading.ts';

/** Python tests join line by line; JavaScript ones each get a block so their names do not clash. */
function joined(ex: PackExercise, tests: PackTest[]): TestSpec {
  if (ex.kind === 'program') return programTests(ex, tests);
  // A web page's checks, each in a block of its own, run in the page once it has loaded.
  if (ex.language === 'html') return testSpec(ex, tests.map((t) => `{\n${t.code.replace(/\n+$/, '')}\n}`).join('\n'));
  const source =
    ex.language === 'python'
      ? tests.map((t) => t.code.replace(/\n+$/, '')).join('\n')
      : tests.map((t) => `{\n${t.code.replace(/\n+$/, '')}\n}`).join('\n');
  return { kind: 'user', source };
}

/** A program exercise's tests: their inputs and outputs, with the exercise's comparison. */
export function programTests(ex: PackExercise, tests: PackTest[]): TestSpec {
  return {
    kind: 'program',
    inputs: tests.map((t) => t.input ?? ''),
    outputs: tests.map((t) => t.output ?? ''),
    ...(ex.compare ? { compare: ex.compare as OutputCompare } : {}),
    ...(ex.tolerance !== undefined ? { tolerance: ex.tolerance } : {}),
  };
}

/** The language code of the exercise runs in; a SQL exercise's query is not a program. */
export function codeLanguage(ex: PackExercise): Language {
  if (ex.language === 'sql') throw new Error(`exercise "${ex.id}" is a SQL exercise: its queries run on its databases`);
  return ex.language;
}

export function exerciseTask(packId: string, ex: PackExercise): Task {
  const task: Task = codeTask(
    {
      id: `pack:${packId}:${ex.id}`,
      title: ex.title,
      prompt: ex.statement,
      language: codeLanguage(ex),
      starterCode: ex.starter,
      ...(ex.entryPoint ? { entryPoint: ex.entryPoint } : {}),
      limits: { timeoutSec: ex.limits.timeoutSec, outputCap: 64 * 1024 },
    },
    joined(ex, ex.tests),
  );
  if (ex.hiddenTests.length) task.hiddenTests = joined(ex, ex.hiddenTests);
  return task;
}
