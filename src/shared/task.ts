// Domain records: what the loop works on and what the store keeps.
import type { Observation } from './agent.ts';
import type { CompareTag, RunFigures } from './comparison.ts';
import type { ChatMessage, Usage } from './model.ts';
import type { ProjectFiles } from './node-project.ts';
import type { Language, RunLimits, RunResult, RunStatus, TestSpec } from './run.ts';
import type { WebTests } from './web.ts';
import type { Selection } from './selection.ts';
import type { SqlAttemptAnswers, SqlTaskSpec } from './sql.ts';
import type { StrategySettings } from './strategy.ts';

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

export type EndReason =
  | 'passed'
  | 'iteration-cap'
  | 'token-budget'
  | 'time-budget'
  | 'stuck'
  | 'stopped'
  | 'endpoint-failed'
  | 'interrupted'
  /** The iteration cap was reached and the best attempt passed its tests but was flagged for gaming them. */
  | 'flagged-pass'
  /** Agent sessions: the code called final_answer, or a reply had no code (its text is the answer). */
  | 'final-answer'
  | 'answered'
  | 'sandbox-failed';

interface SessionSettings {
  provider: string;
  baseUrl: string;
  model: string;
  maxIterations: number;
  tokenBudget?: number;
  timeBudgetSec?: number;
  temperature?: number;
  /** The strategy the session ran with; absent for sessions from before strategies (plain repair). */
  strategy?: StrategySettings;
}

export interface Session {
  id: string;
  title: string;
  task: Task;
  settings: SessionSettings;
  createdAt: number;
  updatedAt: number;
  status: 'running' | 'done' | 'interrupted';
  endReason?: EndReason;
  endMessage?: string;
  /** Set when the session was run as one side of a strategy comparison. */
  compare?: CompareTag;
  /** What the loop's runs of this session used, recorded as each run ends. */
  figures?: RunFigures;
  /** An agent session's final answer, when it reached one. */
  answer?: string;
}

/** How hidden tests went: counts only, so nothing about them reaches feedback or a student's view. */
export interface HiddenVerdict {
  total: number;
  failed: number;
  status: RunStatus;
}

export interface Attempt {
  sessionId: string;
  index: number;
  messages: ChatMessage[];
  reply: string;
  /** The code that was run (for HumanEval tasks, the completion run after the prompt); undefined when the reply had none. */
  candidate?: string;
  /** 'model' or 'user' (edited by hand before continuing). */
  source: 'model' | 'user';
  result?: RunResult;
  feedback?: string;
  usage: Usage;
  modelMs: number;
  runMs: number;
  createdAt: number;
  /** Visible and hidden tests all passed (result.status alone ignores hidden tests). */
  passed?: boolean;
  /** Set when the task has hidden tests and a candidate ran. */
  hidden?: HiddenVerdict;
  /** 'body': the candidate was a function body, run appended to the task's prompt. */
  shape?: 'whole' | 'body';
  /** The prompt of this attempt asked for a different approach, because the loop looked stuck. */
  tactic?: boolean;
  /** reflexion: the model's diagnosis of the previous failure, written before this attempt and shown to it. */
  reflection?: string;
  /** best-of-n and codet: the samples this attempt was chosen from, and why. */
  selection?: Selection;
  /** An agent session's action: what running `candidate` showed. */
  observation?: Observation;
  /** A SQL session's attempt: the gold query's and the candidate's rows (capped). */
  sql?: SqlAttemptAnswers;
}
