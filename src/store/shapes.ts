// The shapes of Session and Attempt (src/shared/session.ts) as checks; the end of this file makes
// tsc hold the two in step. Optional fields added to the types later pass through unchecked.
import { checkAnswers } from '../shared/sql.ts';
import * as schema from '../shared/schema.ts';
import { Schema, type Covers, type Infer } from '../shared/schema.ts';
import type { Attempt, Session } from '../shared/session.ts';
import type { RunResult, RunTrace } from '../shared/run.ts';
import type { TaskKind, TaskOf } from '../shared/task.ts';
import { compareTag, runFigures, runTrace, selectionShape, strategySettings } from './strategy-shapes.ts';
import { bool, int, list, nonEmpty, num, object, oneOf, optional, str, tagged } from './validate.ts';

// ---- Task: the task a session solves (also what a share link carries) ----

/** A SQL task's database: a bundled one by name, or a loaded one's name, size and maybe bytes. */
const bundledDatabase = object({ bundled: nonEmpty });
const loadedDatabase = object({ name: str, size: num, base64: optional(str) });
const sqlDatabase = new Schema('an object', (value, path, issues) =>
  (typeof value === 'object' && value !== null && 'bundled' in value ? bundledDatabase : loadedDatabase).read(
    value,
    path,
    issues,
  ),
);

const sqlTask = object({
  engine: oneOf('sqlite', 'postgres'),
  dbId: str,
  question: str,
  evidence: str,
  gold: str,
  difficulty: optional(str),
  database: sqlDatabase,
});

const functionTests = {
  humaneval: { test: str, entryPoint: str },
  mbpp: { setup: str, asserts: list(str) },
  user: { source: str },
  none: {},
};
const programTests = {
  inputs: list(str),
  outputs: list(str),
  funcName: optional(str),
  compare: optional(oneOf('lines', 'exact', 'tokens', 'numbers')),
  tolerance: optional(num),
  collect: optional(bool),
};
const webTests = {
  checks: str,
  viewport: optional(object({ width: num, height: num })),
  reference: optional(str),
  threshold: optional(num),
  picture: optional(bool),
};
const testSpec = tagged({ ...functionTests, program: programTests, web: webTests });

const projectFiles = object({ files: schema.record(str), command: optional(str) });

/** What each kind of task carries beside the fields every task has (src/shared/task.ts). */
const kindFields = tagged({
  function: { tests: tagged(functionTests) },
  program: { tests: tagged({ program: programTests }) },
  web: { tests: tagged({ web: webTests }) },
  project: { project: projectFiles },
  agent: { agent: object({ files: list(object({ name: nonEmpty, size: num })) }) },
  sql: { sql: sqlTask },
});

const taskFields = object({
  id: str,
  title: str,
  prompt: str,
  language: oneOf('python', 'javascript', 'typescript', 'html'),
  starterCode: optional(str),
  entryPoint: optional(str),
  tests: testSpec,
  generatedTests: optional(list(str)),
  hiddenTests: optional(testSpec),
  limits: object({ timeoutSec: num, outputCap: num }),
});

/**
 * A task's shape, also checked when a task arrives in a share link: the fields every task has,
 * then its kind's own. A task from before tasks had a kind is given one first (`withKind`,
 * src/store/task-kind.ts).
 */
export const taskShape = taskFields.refine((task, report) => {
  const own = kindFields.parse(task);
  if (!own.ok) for (const issue of own.issues) report(issue.problem, issue.path);
});

// ---- Session and Attempt ----

const settings = object({
  provider: str,
  baseUrl: str,
  model: str,
  maxIterations: num,
  tokenBudget: optional(num),
  timeBudgetSec: optional(num),
  temperature: optional(num),
  strategy: optional(strategySettings),
});

const endReason = oneOf(
  'passed',
  'iteration-cap',
  'token-budget',
  'time-budget',
  'stuck',
  'stopped',
  'endpoint-failed',
  'interrupted',
  'flagged-pass',
  'final-answer',
  'answered',
  'sandbox-failed',
);

export const sessionShape = object({
  id: nonEmpty,
  title: str,
  task: taskShape,
  settings,
  createdAt: num,
  updatedAt: num,
  status: oneOf('running', 'done', 'interrupted'),
  endReason: optional(endReason),
  endMessage: optional(str),
  compare: optional(compareTag),
  figures: optional(runFigures),
  answer: optional(str),
});

const observation = object({
  output: str,
  outputCut: optional(bool),
  value: optional(str),
  rich: list(object({ mime: str, data: str })),
  error: optional(str),
  timedOut: optional(bool),
  stateLost: optional(bool),
  finalAnswer: optional(str),
  ms: num,
});

const runStatus = oneOf('passed', 'failed', 'error', 'timed out', 'crashed', 'cancelled');

const runResult = object({
  status: runStatus,
  result: str,
  tests: list(
    object({
      name: str,
      passed: bool,
      source: optional(str),
      expected: optional(str),
      actual: optional(str),
      message: optional(str),
    }),
  ),
  exception: optional(object({ type: str, message: str, traceback: str, line: optional(num), syntax: optional(bool) })),
  stdout: str,
  stderr: str,
  truncated: bool,
  durationMs: num,
  runningTest: optional(str),
  trace: optional(runTrace),
});

const sqlAnswer = new Schema('a SQL result', (value) => value).refine(
  (value, report) => !checkAnswers([value], 1) && report('is not a SQL result (rows, an error or a time-out)'),
);

export const attemptShape = object({
  sessionId: str,
  index: int,
  messages: list(object({ role: oneOf('user', 'assistant'), content: str })),
  reply: str,
  candidate: optional(str),
  source: oneOf('model', 'user'),
  result: optional(runResult),
  feedback: optional(str),
  usage: object({ inputTokens: num, outputTokens: num, estimated: optional(bool) }),
  modelMs: num,
  runMs: num,
  createdAt: num,
  passed: optional(bool),
  hidden: optional(object({ total: num, failed: num, status: runStatus })),
  shape: optional(oneOf('whole', 'body')),
  tactic: optional(bool),
  reflection: optional(str),
  selection: optional(selectionShape),
  observation: optional(observation),
  sql: optional(object({ gold: sqlAnswer, got: sqlAnswer })),
});

/** An agent session's file, as the history file carries it: text or base64, never both missing. */
export const agentFile = object({
  name: nonEmpty,
  size: num,
  text: optional(str),
  base64: optional(str),
  mime: optional(str),
}).refine((f, report) => f.text === undefined && f.base64 === undefined && report('has neither "text" nor "base64"'));

// ---- The shapes against the types (src/shared/session.ts, task.ts, run.ts): tsc fails here when
// a field the shapes read changes type in the types, or a field becomes required there and the
// shapes do not require it. Each field left apart is checked on its own line, or says why not.

true satisfies Covers<Infer<typeof sessionShape>, Session, 'task'>;
({ function: true, program: true, web: true, project: true, agent: true, sql: true }) satisfies {
  [K in TaskKind]: Covers<Infer<typeof taskFields> & Extract<Infer<typeof kindFields>, { kind: K }>, TaskOf<K>>;
};
// An attempt's SQL answers are checked by checkAnswers, not by a schema of their own.
true satisfies Covers<Infer<typeof attemptShape>, Attempt, 'result' | 'sql'>;
true satisfies Covers<Infer<typeof runResult>, RunResult, 'trace'>;
// A trace step's locals are read as lists each checked to be a [name, value] pair.
true satisfies Covers<Infer<typeof runTrace>, RunTrace, 'steps'>;
