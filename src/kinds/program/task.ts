// A LiveCodeBench problem as the loop works on it (`run`): the model sees the statement, the
// starter code and the public tests; every test, public and private, runs once on the final
// candidate and decides `passed`, so the private ones never reach a request.
import type { LiveCodeBenchProblem } from '../../shared/problems.ts';
import type { Task } from '../../shared/task.ts';
import type { ProgramProblem } from './rows.ts';
import { limitsFor } from '../../shared/run.ts';

// LiveCodeBench's own format lines (lcb_runner/prompts).
const STDIN_FORMAT =
  'Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs).';
const STARTER_FORMAT = 'You will use the following starter code to write the solution to the problem.';

function programTask(p: ProgramProblem, timeoutSec: number): Task {
  const pub = p.publicTests;
  return {
    kind: 'program',
    id: p.id,
    title: p.title,
    prompt: `${p.statement.trim()}\n\n${p.starter.trim() ? STARTER_FORMAT : STDIN_FORMAT}`,
    language: 'python',
    starterCode: p.starter.trim() ? p.starter : undefined,
    tests: {
      kind: 'program',
      inputs: pub.map((t) => t.input),
      outputs: pub.map((t) => t.output),
      funcName: p.funcName,
    },
    limits: limitsFor(timeoutSec),
  };
}

/** The problem as `run` takes it, with its own split: public tests visible, all of them deciding. */
export function programAsProblem(p: ProgramProblem, timeoutSec: number): LiveCodeBenchProblem {
  const all = [...p.publicTests, ...p.privateTests];
  return {
    taskId: p.id,
    rawId: p.id,
    kind: 'livecodebench',
    prompt: p.statement,
    line: p.line,
    split: {
      task: programTask(p, timeoutSec),
      hidden: {
        kind: 'program',
        inputs: all.map((t) => t.input),
        outputs: all.map((t) => t.output),
        funcName: p.funcName,
      },
      visibleCount: p.publicTests.length,
      hiddenCount: p.privateTests.length,
    },
  };
}
