// Drives a benchmark: every picked task (times the samples) through the loop, one sandbox per
// lane, each finished task written to the bench store at once. Pause lets the tasks in flight
// finish; stop cancels them (they run again on resume). Rate limits slow the run down: the
// clients wait and retry longer than in a person's session, and a task that still ends on a rate
// limit goes back in the queue after a pause instead of counting as failed.
import type { LoopOutcome, LoopSettings } from '../../loop/types.ts';
import type { ModelErrorKind, EndpointConfig } from '../../shared/model.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { Problem } from '../../shared/problems.ts';
import type { SqlTaskSpec } from '../../shared/sql.ts';
import { resultKey, type BenchResult, type BenchRun } from '../../shared/bench-records.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { sleep } from '../../shared/timers.ts';
import type { HistoryStore } from '../../store/history-store.ts';
import type { runSession } from '../session.ts';
import { solveProblem } from '../solve.ts';
import { runSqlSession } from '../sql-session.ts';
import { SandboxRuntime } from '../../sandbox/sandbox-runtime.ts';

export interface BenchRunnerOptions {
  run: BenchRun;
  /** Keys of results already kept: those tasks are not run again. */
  done: ReadonlySet<string>;
  endpoint: EndpointConfig;
  runtimes: Runtime[];
  history?: HistoryStore;
  /** Writes one result; a rejection is reported through onSaveProblem and the run goes on. */
  save(result: BenchResult): Promise<void>;
  onResult(result: BenchResult): void;
  /** A sentence while results cannot be stored; undefined once they are stored again. */
  onSaveProblem(message: string | undefined): void;
  /** Waits for a rate limit, or the run stopped by itself (the endpoint failed for good). */
  onNotice(message: string | undefined): void;
  /** Tasks in flight changed: how many, and their names (a sample's with its number). */
  onActive?(running: number, names: string[]): void;
  /** Injectable for tests; the page's session runner otherwise. */
  runSession?: typeof runSession;
  runSqlSession?: typeof runSqlSession;
  coolDownMs?: number;
}

export interface BenchRunner {
  /** Settles when every task is done, or the run was paused or stopped and nothing is in flight. */
  readonly finished: Promise<'done' | 'paused' | 'stopped'>;
  pause(): void;
  stop(): void;
}

// The endpoint will refuse every task the same way: stop instead of failing them all.
const FATAL: ReadonlySet<ModelErrorKind> = new Set(['auth', 'not-found', 'network', 'quota']);
const SLOWED: ReadonlySet<ModelErrorKind> = new Set(['rate-limit', 'overloaded']);

interface Item {
  problem: Problem;
  sample: number;
}

export function startBenchRun(o: BenchRunnerOptions): BenchRunner {
  const { run } = o;
  const queue: Item[] = [];
  for (const problem of run.problems)
    for (let sample = 0; sample < run.settings.samples; sample++)
      if (!o.done.has(resultKey(problem.rawId, sample))) queue.push({ problem, sample });

  const coolDownMs = o.coolDownMs ?? 15_000;
  const stopper = new AbortController();
  let pausing = false;
  let coolUntil = 0;
  let active = 0;
  const inFlight = new Set<Item>();
  const names = (): string[] =>
    [...inFlight].map((i) =>
      run.settings.samples > 1 ? `${i.problem.rawId} (sample ${i.sample + 1})` : String(i.problem.rawId),
    );
  const unsaved: BenchResult[] = [];
  const settings: LoopSettings = {
    maxIterations: run.settings.maxIterations,
    strategy: run.settings.strategy,
    showTests: run.settings.showTests,
  };
  const clientOptions = {
    retry: {
      maxTries: 8,
      maxTotalWaitMs: 120_000,
      onRetry: ({ delayMs }: { delayMs: number }) =>
        o.onNotice(`The endpoint asked to slow down: waiting ${Math.ceil(delayMs / 1000)} s before trying again.`),
    },
  };

  const saveAll = async (): Promise<void> => {
    try {
      while (unsaved.length) {
        await o.save(unsaved[0]!);
        unsaved.shift();
      }
      o.onSaveProblem(undefined);
    } catch (err) {
      o.onSaveProblem(
        `${errorMessage(err)} The run goes on; finished tasks are kept in this page until they can be saved.`,
      );
    }
  };

  const keep = async (result: BenchResult): Promise<void> => {
    unsaved.push(result);
    o.onResult(result);
    await saveAll();
  };

  // A BIRD question: the SQL loop on its database, graded by BIRD's rule, kept as a SQL session.
  const oneSql = async (item: Item, spec: SqlTaskSpec, runtime: Runtime): Promise<void> => {
    if (!(runtime instanceof SandboxRuntime)) throw new Error('SQL questions need the page’s sandbox.');
    const { row, sessionId, stored } = await (o.runSqlSession ?? runSqlSession)({
      spec,
      title: `${run.dataset} #${item.problem.rawId}: ${spec.question}`,
      endpoint: o.endpoint,
      sql: runtime.sql,
      maxIterations: run.settings.maxIterations,
      timeoutMs: run.settings.timeoutSec * 1000,
      store: o.history,
      signal: stopper.signal,
      clientOptions,
    });
    if (row.end_reason === 'stopped') return void queue.unshift(item);
    // The endpoint refused before any query came back: it would refuse the next ones too.
    if (row.end_reason === 'endpoint-failed' && row.iterations === 0) {
      queue.unshift(item);
      pausing = true;
      o.onNotice(`The run paused: ${row.result.replace(/^failed: /, '')}`);
      return;
    }
    const sample = run.settings.samples > 1 ? { sample: item.sample } : {};
    const result: BenchResult = {
      runId: run.id,
      key: resultKey(item.problem.rawId, item.sample),
      row: { task_id: item.problem.rawId, ...row, ...sample },
    };
    if (stored) result.sessionId = sessionId;
    await keep(result);
  };

  /** Whether the loop's outcome makes the task's result; when not, the task goes back in the queue. */
  const keepsRow = (item: Item, outcome: LoopOutcome): boolean => {
    if (outcome.endReason === 'stopped') {
      queue.unshift(item);
      return false;
    }
    const kind = outcome.error?.kind;
    if (outcome.endReason === 'endpoint-failed' && kind && SLOWED.has(kind)) {
      queue.unshift(item);
      coolUntil = Date.now() + coolDownMs;
      o.onNotice(`The endpoint is still limiting requests: the run waits ${coolDownMs / 1000} s, then goes on.`);
      return false;
    }
    if (outcome.endReason === 'endpoint-failed' && kind && FATAL.has(kind)) {
      queue.unshift(item);
      pausing = true;
      o.onNotice(`The run paused: ${outcome.error?.message ?? outcome.endMessage} ${outcome.error?.hint ?? ''}`.trim());
      return false;
    }
    return true;
  };

  const one = async (item: Item, runtime: Runtime): Promise<void> => {
    if (item.problem.kind === 'sql') return oneSql(item, item.problem.sql, runtime);
    const { timeoutSec, visibleTests } = run.settings;
    const { row, sessionId, stored } = await solveProblem(
      item.problem,
      {
        endpoint: o.endpoint,
        settings,
        timeoutSec,
        visible: visibleTests,
        sample: run.settings.samples > 1 ? item.sample : undefined,
      },
      {
        runtime,
        store: o.history,
        signal: stopper.signal,
        clientOptions,
        keepsRow: (outcome) => keepsRow(item, outcome),
        runSession: o.runSession,
      },
    );
    if (!row) return;
    const result: BenchResult = { runId: run.id, key: resultKey(item.problem.rawId, item.sample), row };
    // A session the history could not keep has nothing to open.
    if (stored) result.sessionId = sessionId;
    await keep(result);
  };

  const lane = async (runtime: Runtime): Promise<void> => {
    while (!pausing && !stopper.signal.aborted) {
      const wait = coolUntil - Date.now();
      if (wait > 0) {
        await sleep(wait, stopper.signal).catch(() => undefined);
        o.onNotice(undefined);
        continue;
      }
      const item = queue.shift();
      if (!item) return;
      inFlight.add(item);
      o.onActive?.(++active, names());
      try {
        await one(item, runtime);
      } catch (err) {
        // A broken sandbox or store: said once, and the task is tried again on resume.
        queue.unshift(item);
        pausing = true;
        o.onNotice(`The run paused: ${errorMessage(err)}`);
      } finally {
        inFlight.delete(item);
        o.onActive?.(--active, names());
      }
    }
  };

  const finished = Promise.all(o.runtimes.map(lane)).then(() => {
    if (stopper.signal.aborted) return 'stopped' as const;
    return queue.length || pausing ? ('paused' as const) : ('done' as const);
  });
  return {
    finished,
    pause: () => void (pausing = true),
    stop: () => stopper.abort(),
  };
}
