// Domain records: what the loop works on and what the store keeps.
import type { ProjectFiles } from './node-project.ts';
import type { Language, RunLimits, TestSpec } from './run.ts';
import type { WebTests } from './web.ts';
import type { SqlTaskSpec } from './sql.ts';

/** What every kind of task has. */
export interface TaskBase {
  id: string;
  title: string;
  /** The description given to the model. */
  prompt: string;
  language: Language;
  starterCode?: string;
  /** Name of the function the tests call, when there is one. */
  entryPoint?: string;
  /**
   * Tests a model proposed and the user accepted. They run with `tests` but are marked as
   * generated: feedback says they may be wrong, and selection never takes them as the truth.
   */
  generatedTests?: string[];
  /** Classroom: graded but never shown to the model or the student's feedback. */
  hiddenTests?: TestSpec;
  limits: RunLimits;
}

/** A function's (or a script's) tests: HumanEval, MBPP, the user's own, or none. */
type FunctionTests = Extract<TestSpec, { kind: 'humaneval' | 'mbpp' | 'user' | 'none' }>;
type ProgramTests = Extract<TestSpec, { kind: 'program' }>;

/** Code checked by tests: HumanEval, MBPP, MultiPL-E, the user's asserts. */
export interface FunctionTask extends TaskBase {
  kind: 'function';
  tests: FunctionTests;
}

/** A contest program: stdin to stdout, or LeetCode's call on `Solution()` (LiveCodeBench). */
interface ProgramTask extends TaskBase {
  kind: 'program';
  tests: ProgramTests;
}

/** One HTML document checked in the rendered page (`language` is 'html'). */
interface WebTask extends TaskBase {
  kind: 'web';
  tests: WebTests;
}

/** A "Node.js project" task: its files and command run with npm in a WebContainer, not offline. */
interface ProjectTask extends TaskBase {
  kind: 'project';
  tests: TestSpec;
  project: ProjectFiles;
}

/**
 * An agent session: `prompt` is the goal, `language` the interpreter's. The files' names and
 * sizes; their bytes are stored beside the session (the history's `files`).
 */
interface AgentTask extends TaskBase {
  kind: 'agent';
  tests: TestSpec;
  agent: { files: { name: string; size: number }[] };
}

/** A SQL question: its engine, database, question and gold query (`language` is not used). */
interface SqlTask extends TaskBase {
  kind: 'sql';
  tests: TestSpec;
  sql: SqlTaskSpec;
}

export type Task = FunctionTask | ProgramTask | WebTask | ProjectTask | AgentTask | SqlTask;
export type TaskKind = Task['kind'];
/** The task of one kind. */
export type TaskOf<K extends TaskKind> = Extract<Task, { kind: K }>;
type CodeTask = FunctionTask | ProgramTask | WebTask;

/** A task checked by its tests alone: their kind says the task's (a program's, a web page's, else a function's). */
export function codeTask(base: TaskBase, tests: TestSpec): CodeTask {
  if (tests.kind === 'program') return { ...base, kind: 'program', tests };
  if (tests.kind === 'web') return { ...base, kind: 'web', tests };
  return { ...base, kind: 'function', tests };
}
