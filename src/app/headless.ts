// The API the command line drives in headless Chromium: the same runtime, loop and history the
// page uses.
import type { LoopOutcome, LoopSettings } from '../loop/types.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { Language, RunJob, RunResult } from '../shared/run.ts';
import type { TsCheckOptions, TsCheckResult } from '../shared/typescript-check.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, Session } from '../shared/session.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { agentJsHooks, type AgentJsHooks } from './agent-js-hooks.ts';
import { agentPackagesHooks, type AgentPackagesHooks } from './agent-packages-hooks.ts';
import { openHistory, type HistoryOpening } from './history-opening.ts';
import { canRun, gradeQueue, type Graded } from './grade-queue.ts';
import { pageSandboxes } from './page-parallelism.ts';
import { pageTypeScriptChecker } from './typescript-checker.ts';
import { WebContainerUnavailable } from '../sandbox/webcontainer/boot.ts';
import { pageNodeRunner } from './node-runner.ts';
import { errorMessage } from '../shared/error-message.ts';
import { startupMoments } from '../sandbox/startup-times.ts';
import type { SqlAnswer, SqlJob } from '../shared/sql.ts';
import type { SqlLoopOutcome } from '../kinds/sql/repair.ts';
import type { Selection } from '../shared/selection.ts';
import type { SqlLoopSettings, SqlQuestion } from './sql-loop.ts';
import { headlessAgentApi, type HeadlessAgentApi } from './headless-agent.ts';
import type { Problem } from '../shared/problems.ts';
import type { RunRow } from '../shared/bench-rows.ts';
import type { SolveOptions } from './solve.ts';

export interface HeadlessApi extends HeadlessAgentApi {
  /**
   * Starts n sandboxes (each with its warm spare; default: the machine's share); resolves when all
   * can run the given languages (default: all). Python boots only when it is among them.
   */
  start(n?: number, languages?: readonly Language[]): Promise<{ isolated: boolean }>;
  run(job: RunJob, slot?: number): Promise<RunResult>;
  /** Named moments of the first sandbox's start, in milliseconds from navigation (for the bench). */
  startupMoments(): Record<string, number>;
  /** Settles when the first sandbox has stored its snapshot for later visits (or needed none). */
  cached(): Promise<void>;
  /** Runs jobs over the first `slots` sandboxes at once (default: all started); results in the jobs' order. */
  grade(jobs: RunJob[], slots?: number): Promise<RunResult[]>;
  /** Queues jobs for grading over every started sandbox (see grade-queue.ts). */
  submit(jobs: RunJob[]): void;
  /** The results finished since the last call, once there is at least one. */
  take(): Promise<Graded[]>;
  /** Runs groups of jobs (one submission's jobs each) in order on one sandbox each. */
  gradeGroups(groups: RunJob[][], slots: number): Promise<RunResult[][]>;
  /**
   * Runs SQL jobs over the first `slots` sandboxes at once; answers in the jobs' order. A job's
   * database without bytes is one handed in before by `putDatabase`.
   */
  sql(jobs: HeadlessSqlJob[], slots?: number): Promise<SqlAnswer[][]>;
  /** A SQL question through the loop, on a database handed in by `putDatabase`. */
  sqlLoop(
    dbKey: string,
    question: SqlQuestion,
    endpoint: EndpointConfig,
    settings: SqlLoopSettings,
    slot?: number,
  ): Promise<SqlLoopOutcome>;
  /**
   * best-of-n's selection alone on SQL queries (no model): the variants built and every query
   * run on the database and on them, grouped; with the time it took in the page.
   */
  sqlSelect(
    dbKey: string,
    goldSql: string,
    queries: string[],
    settings: SqlLoopSettings,
  ): Promise<{ selection: Selection; ms: number }>;
  /** Hands a database file in, in base64 pieces (a large one does not fit one message). */
  putDatabase(key: string, base64: string, last: boolean): void;
  /** Runs the loop on a task, saved to this page's history like a session started by hand. */
  loop(
    task: Task,
    endpoint: EndpointConfig,
    settings: LoopSettings,
    slot?: number,
    options?: HeadlessLoopOptions,
  ): Promise<LoopOutcome & { sessionId: string }>;
  /**
   * A dataset problem to its row, as the Benchmark view makes it (src/app/solve.ts): the loop,
   * saved to this page's history, then the hidden tests; with what the command line says or stops on.
   */
  solve(
    problem: Problem,
    options: SolveOptions & { slot?: number },
  ): Promise<{ row: RunRow; notices?: string[]; error?: LoopOutcome['error'] }>;
  /** Why this page keeps no history (IndexedDB would not open), or undefined when it keeps it. */
  historyProblem(): Promise<string | undefined>;
  /** Read-only: a stored session and its attempts, as this page's history keeps them. */
  history(sessionId: string): Promise<{ session?: Session; attempts: Attempt[] }>;
  /**
   * Type-checks TypeScript in the page's checker workers (started on first use, then kept warm);
   * rejects when the check takes longer than `limitMs`, when given.
   */
  typecheck(code: string, options: TsCheckOptions, limitMs?: number): Promise<TsCheckResult>;
  /** JavaScript agent sessions (agent mode), held by number. */
  agentJs: AgentJsHooks;
  /** Python packages for agent runs: fetched and checked by the page, installed into a Pyodide. */
  agentPackages: AgentPackagesHooks;
  /** Tries to boot a WebContainer (bounded); the reason in words when it cannot. */
  bootWebContainer(boundMs?: number): Promise<{ ok: true } | { ok: false; reason: string; message: string }>;
}

/** A database by a key handed in with `putDatabase`, its bytes, or (classroom SQL exercises) its script. */
type HeadlessSqlJob = Omit<SqlJob, 'database'> & { database: { key: string; bytes?: Blob; script?: string } };

interface HeadlessLoopOptions {
  /** Give up on a model request after this long without a byte (the clients' default otherwise). */
  modelIdleTimeoutMs?: number;
}

const ALL_LANGUAGES: readonly Language[] = ['python', 'javascript', 'typescript'];

export function installHeadlessApi(shared: () => SandboxRuntime): void {
  const pool: SandboxRuntime[] = [];
  let opening: Promise<HistoryOpening> | undefined;
  const historyOpened = (): Promise<HistoryOpening> => (opening ??= openHistory());
  // Each sandbox's start: grading begins as soon as one is ready (see gradeQueue).
  let starts: Promise<{ isolated: boolean }>[] = [];
  const started = (slot: number): Promise<unknown> => starts[slot] ?? Promise.resolve();
  // Python's frame queues runs itself: a sandbox gets its next Python job while it runs one.
  const queue = gradeQueue(() => pool, { started, queues: (job) => job.language === 'python' });
  // SQL databases handed in by the command line, by key, and the pieces of those still arriving.
  const databases = new Map<string, Blob>();
  const pieces = new Map<string, Uint8Array<ArrayBuffer>[]>();
  // Postgres takes its databases as scripts: a file handed in is read as text once.
  const texts = new Map<string, Promise<string>>();
  const sqlDatabaseOf = async <J extends Pick<HeadlessSqlJob, 'engine' | 'database'>>(
    j: J,
  ): Promise<J & { database: SqlJob['database'] }> => {
    const { key, script: own } = j.database;
    if (own !== undefined) return { ...j, database: { key, script: own } };
    const bytes = j.database.bytes ?? databases.get(key);
    if (!bytes) throw new Error(`no database "${key}" was handed in`);
    if (j.engine !== 'postgres') return { ...j, database: { key, bytes } };
    if (!j.database.bytes && !texts.has(key)) texts.set(key, bytes.text());
    const script = j.database.bytes ? await bytes.text() : await texts.get(key)!;
    return { ...j, database: { key, script } };
  };
  const runtime = (slot = 0): SandboxRuntime => pool[slot % Math.max(1, pool.length)] ?? shared();
  const api: HeadlessApi = {
    ...headlessAgentApi(runtime),
    async start(n = pageSandboxes(), languages = ALL_LANGUAGES) {
      if (pool.length === 0) pool.push(shared());
      while (pool.length < n) pool.push(new SandboxRuntime({ typescript: pageTypeScriptChecker, lazyPython: true }));
      // A batch that names TypeScript gets the checker set up (grading's lib, strict off) while
      // the sandboxes start; nothing waits for it, the first check does if it must.
      if (languages !== ALL_LANGUAGES && languages.includes('typescript'))
        pageTypeScriptChecker()
          .warm(false)
          .catch(() => undefined);
      starts = pool.map((r) => r.start(languages));
      for (const s of starts) s.catch(() => undefined);
      // The first sandbox ready is enough to begin; if none can start, the first one's error says why.
      const first = await Promise.any(starts).catch(() => starts[0]!);
      return { isolated: first.isolated };
    },
    run: (job, slot = 0) => runtime(slot).run(job).result,
    cached: () => runtime(0).cached,
    startupMoments,
    async grade(jobs, slots = pool.length) {
      const results: RunResult[] = new Array(jobs.length);
      let next = 0;
      const lane = async (slot: number): Promise<void> => {
        if (!(await canRun(started, slot))) return;
        while (next < jobs.length) {
          const i = next++;
          results[i] = await runtime(slot).run(jobs[i]!).result;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, pool.length)) }, (_, slot) => lane(slot)));
      return results;
    },
    submit: (jobs) => queue.submit(jobs),
    take: () => queue.take(),
    async gradeGroups(groups, slots) {
      const results: RunResult[][] = new Array(groups.length);
      let next = 0;
      const lane = async (slot: number): Promise<void> => {
        if (!(await canRun(started, slot))) return;
        while (next < groups.length) {
          const i = next++;
          const out: RunResult[] = [];
          for (const job of groups[i]!) out.push(await runtime(slot).run(job).result);
          results[i] = out;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, pool.length)) }, (_, slot) => lane(slot)));
      return results;
    },
    putDatabase(key, base64, last) {
      texts.delete(key);
      const parts = (pieces.get(key) ?? []).concat(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      pieces.set(key, parts);
      if (!last) return;
      databases.set(key, new Blob(parts));
      pieces.delete(key);
    },
    async sql(jobs, slots = pool.length) {
      if (pool.length === 0) pool.push(shared());
      const full = await Promise.all(jobs.map((j) => sqlDatabaseOf(j)));
      const answers: SqlAnswer[][] = new Array(jobs.length);
      let next = 0;
      const lane = async (slot: number): Promise<void> => {
        while (next < jobs.length) {
          const i = next++;
          answers[i] = await runtime(slot).sql.run(full[i]!);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, pool.length)) }, (_, slot) => lane(slot)));
      return answers;
    },
    async sqlLoop(dbKey, question, endpoint, settings, slot = 0) {
      const { database } = await sqlDatabaseOf({ engine: settings.engine, database: { key: dbKey } });
      // The loop and the model clients load when a loop is asked for: grading never needs them.
      const { solveSqlQuestion } = await import('./sql-loop.ts');
      return solveSqlQuestion(runtime(slot).sql, database, question, endpoint, settings);
    },
    async sqlSelect(dbKey, goldSql, queries, settings) {
      const t = performance.now();
      const { database } = await sqlDatabaseOf({ engine: settings.engine, database: { key: dbKey } });
      const { sqlSelect } = await import('./sql-loop.ts');
      const { selectSql } = await import('../kinds/sql/select.ts');
      const sel = await sqlSelect(runtime(0).sql, database, settings);
      const { selection } = await selectSql(sel, settings.rule, goldSql, queries);
      return { selection, ms: performance.now() - t };
    },
    async loop(task, endpoint, settings, slot = 0, options = {}) {
      const { store } = await historyOpened();
      const clientOptions =
        options.modelIdleTimeoutMs === undefined ? undefined : { idleTimeoutMs: options.modelIdleTimeoutMs };
      // The loop and the model clients load when a loop is asked for: grading never needs them.
      const { runSession } = await import('./session.ts');
      const { session, outcome } = await runSession({
        task,
        endpoint,
        settings,
        runtime: runtime(slot),
        store,
        clientOptions,
      });
      return { ...outcome, sessionId: session.id };
    },
    async solve(problem, { slot = 0, ...options }) {
      const { store } = await historyOpened();
      // The loop and the model clients load when a loop is asked for: grading never needs them.
      const { solveProblem } = await import('./solve.ts');
      const { row, outcome } = await solveProblem(problem, options, { runtime: runtime(slot), store });
      return { row: row!, notices: outcome.notices, error: outcome.error };
    },
    historyProblem: async () => (await historyOpened()).problem,
    async history(sessionId) {
      const { store, problem } = await historyOpened();
      if (!store) throw new Error(`the history store could not be opened: ${problem}`);
      return { session: await store.getSession(sessionId), attempts: await store.getAttempts(sessionId) };
    },
    agentJs: agentJsHooks((slot) => runtime(slot)),
    agentPackages: agentPackagesHooks(),
    typecheck: (code, options, limitMs) => pageTypeScriptChecker().check(code, options, limitMs),
    async bootWebContainer(boundMs) {
      try {
        await pageNodeRunner(boundMs).boot();
        return { ok: true };
      } catch (err) {
        const reason = err instanceof WebContainerUnavailable ? err.reason : 'failed';
        return { ok: false, reason, message: errorMessage(err) };
      }
    },
  };
  window.fixpoint = api;
}
