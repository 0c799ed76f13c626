// What every kind of classroom exercise answers (src/classroom/kinds/<kind>.ts): the fields a pack
// may carry for it and how they are read, the task it becomes and how its tests run to be graded.
// Reading a pack, grading and a student's run ask src/classroom/kinds/registry.ts.
import type { RunJob, RunResult, TestSpec } from '../../shared/run.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { Checker, Obj } from '../pack-checker.ts';
import type { PackExercise, PackLanguage, PackTest } from '../types.ts';

/** A test's own fields: asserts or checks (`code`), an input and its output, or a database. */
export type TestFields = Pick<PackTest, 'code' | 'input' | 'output' | 'database'>;

/** How the tests of an exercise written as code run: a sandbox job per test, or the task's tests. */
export interface CodeTests {
  /** One test, as the tests of the job that grades it (or a student's run of it). */
  one(ex: PackExercise, test: PackTest): TestSpec;
  /** Several tests as one task's (the visible ones, the hidden ones). */
  joined(ex: PackExercise, tests: PackTest[]): TestSpec;
  /** The harness's mode for a graded job, and for a student's run (absent: the feedback mode). */
  mode: { grade: RunJob['mode']; practice?: RunJob['mode'] };
}

export interface ExerciseWords {
  /** What the student writes: "code", "query". */
  work: string;
  /** The run button: "Run tests", "Run query"; the reset button: "Reset to starter", "Reset query". */
  run: string;
  reset: string;
  /** While it runs: "Running the tests…". */
  running: string;
  /** The tests shown, and those not shown, counted: "visible tests", "more checks". */
  shown: string;
  unshown: string;
  /** One test not shown, for a count of them: "more check" ("3 more checks"). */
  hiddenOne: string;
}

/** The words of every exercise whose answer is a program checked by tests. */
export const CODE_WORDS: ExerciseWords = {
  work: 'code',
  run: 'Run tests',
  reset: 'Reset to starter',
  running: 'Running the tests…',
  shown: 'visible tests',
  unshown: 'more checks',
  hiddenOne: 'more check',
};

export interface ExerciseKind {
  /** Whether a pack's exercise (read or not yet) is of this kind; the registry asks in its order. */
  is(e: { kind?: unknown; language?: unknown }): boolean;
  /** The exercise's "kind" in a pack; absent for a function exercise and a web page (language "html"). */
  field?: string;
  /** Its "compare" values, when its answers are compared by a rule of the pack's choice. */
  compares?: readonly string[];
  /** Its "engine" values, when its answers run on an engine of the pack's choice. */
  engines?: readonly string[];
  /** Reads "language", saying what is wrong with it; gives what the pack wrote. */
  readLanguage(c: Checker, e: Obj): string;
  /** The language every exercise of the kind holds, whatever the pack wrote (a SQL exercise's: "sql"). */
  language?: PackLanguage;
  /** A test as the pack writes it, for the problem of one that is not an object. */
  testShape: string;
  /** Reads a test's own fields; says which fields go with another kind. */
  readTest(c: Checker, t: Obj): TestFields;
  /** Its checks of the exercise as a whole, once the tests, limits and assistant are read. */
  check?(c: Checker, e: Obj, read: { language: string; mode: string }): void;
  /** Whether "starter" and "entryPoint" must be given. */
  needs: { starter: boolean; entryPoint: boolean };
  /** Whether the students' copy keeps the solution (a SQL exercise's page compares rows with the solution's). */
  sharesSolution: boolean;
  /** How its tests run as code; absent when they are not (a SQL exercise's tests are databases). */
  code?: CodeTests;
  /** How a student's page names what they write and what it is checked against. */
  words: ExerciseWords;
  /** Runs a submission's tests its own way, a result per test in order; absent: one sandbox job per test. */
  runTests?(runtime: Runtime, ex: PackExercise, tests: PackTest[], code: string): Promise<RunResult[]>;
}
