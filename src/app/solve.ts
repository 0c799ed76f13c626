// One problem to one row: the problem split into visible and hidden tests when asked, the loop's
// session on the task, the hidden tests once the loop has ended, and the row. `fixpoint run`
// (through window.fixpoint.solve) and the Benchmark view both go through here.
import type { LoopOutcome, LoopSettings } from '../loop/types.ts';
import { hiddenFields, hiddenJob } from '../loop/hidden-tests.ts';
import type { FactoryOptions } from '../models/create-client.ts';
import { rowOf, type RunRow } from '../shared/bench-rows.ts';
import type { EndpointConfig } from '../shared/model.ts';
import { problemToTask, splitOf } from '../kinds/rows.ts';
import type { Problem } from '../shared/problems.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { VisibleTests } from '../shared/visible-tests.ts';
import type { HistoryStore } from '../store/history-store.ts';
import { runSession } from './session.ts';

/** What the row is made with: plain data, so the command line can send it into the page. */
export interface SolveOptions {
  endpoint: EndpointConfig;
  settings: LoopSettings;
  timeoutSec: number;
  /** The tests the model sees; the rest decide `passed`. A problem with its own split keeps it. */
  visible?: VisibleTests;
  /** Which sample of the problem this is, when several are drawn. */
  sample?: number;
}

/** Where the problem runs and what may stop it. */
export interface SolveContext {
  runtime: Runtime;
  store?: HistoryStore;
  signal?: AbortSignal;
  clientOptions?: FactoryOptions;
  /** Whether the loop's outcome becomes a row; when not (a task given back), no hidden tests run. */
  keepsRow?: (outcome: LoopOutcome) => boolean;
  /** Injectable for tests; the page's session runner otherwise. */
  runSession?: typeof runSession;
}

export interface Solved {
  /** Undefined when `keepsRow` turned the outcome down. */
  row?: RunRow;
  outcome: LoopOutcome;
  sessionId: string;
  /** False when the history could not keep the session: it has nothing to open. */
  stored: boolean;
}

export async function solveProblem(problem: Problem, o: SolveOptions, ctx: SolveContext): Promise<Solved> {
  // The visible/hidden split the loop works on, if any (a LiveCodeBench row brings its own).
  const split = splitOf(problem, o.visible, o.timeoutSec);
  const { session, outcome, stored } = await (ctx.runSession ?? runSession)({
    task: split?.task ?? problemToTask(problem, o.timeoutSec),
    endpoint: o.endpoint,
    settings: o.settings,
    runtime: ctx.runtime,
    store: ctx.store,
    signal: ctx.signal,
    clientOptions: ctx.clientOptions,
  });
  const solved = { outcome, sessionId: session.id, stored };
  if (ctx.keepsRow && !ctx.keepsRow(outcome)) return solved;
  // The hidden tests run once, after the loop has ended: nothing of them reaches the model.
  const job = split && hiddenJob(split, outcome, o.timeoutSec);
  const hidden = job && (await ctx.runtime.run(job).result);
  const row = { ...rowOf(problem.rawId, outcome, o.sample), ...(split ? hiddenFields(split, outcome, hidden) : {}) };
  return { ...solved, row };
}
