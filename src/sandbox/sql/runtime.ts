// The page side of SQL: hands SQLite's (or PGlite's) files to the sandbox frame on the first job, posts jobs,
// and checks every answer's shape on arrival. The engine stops a query past its limit itself
// (progress handler); if the frame has not answered well past the job's limits, the worker is
// ended (a new one takes the next job) and the queries not answered count as timed out.
import type { FrameMessage } from '../../shared/sandbox-protocol.ts';
import { checkAnswers, type SqlAnswer, type SqlJob } from '../../shared/sql.ts';
import type { FrameConnection } from '../frame-host.ts';
import { deferred, type Deferred } from '../../shared/deferred.ts';

// Beyond the queries' own limits: reading the database, a fresh copy per query, messages.
const BACKSTOP_SLACK_MS = 5000;
// Postgres: building a database and starting PGlite (the frame's own limit for it is 60 s), and a
// worker started anew after each query past its limit.
const PG_SLACK_MS = 75_000;
const PG_PER_QUERY_MS = 5000;

interface Pending {
  job: SqlJob;
  resolve: (answers: SqlAnswer[]) => void;
  timer?: ReturnType<typeof setTimeout>;
  /** Stops the frame's messages about this job coming here. */
  unexpect?: () => void;
}

export class SqlRuntime {
  private nextId = 1;
  private readonly jobs = new Map<number, Pending>();
  private started: Promise<void> | undefined;
  private settleReady: Deferred<void> | undefined;
  private pgStarted: Promise<void> | undefined;
  private settlePg: Deferred<void> | undefined;

  constructor(private readonly frame: FrameConnection) {
    frame.listen('sql', (m) => this.onStart(m));
  }

  /** Loads SQLite into the frame (once); resolves when it can run. */
  start(): Promise<void> {
    this.started ??= (async () => {
      const [{ loadSqlAssets }] = await Promise.all([import('./assets.ts'), this.frame.loaded]);
      const assets = await loadSqlAssets();
      const ready = (this.settleReady = deferred());
      this.frame.post('sql', 0, { type: 'init', workerSource: assets.workerSource, wasm: assets.wasm });
      await ready.promise;
    })();
    this.started.catch(() => (this.started = undefined));
    return this.started;
  }

  /** Loads PGlite into the frame (once); resolves when it can run. */
  startPostgres(): Promise<void> {
    this.pgStarted ??= (async () => {
      const [{ loadPgAssets }] = await Promise.all([import('./pg-assets.ts'), this.frame.loaded]);
      const assets = await loadPgAssets();
      const ready = (this.settlePg = deferred());
      this.frame.post('sql', 0, { type: 'pg-init', ...assets });
      await ready.promise;
    })();
    this.pgStarted.catch(() => (this.pgStarted = undefined));
    return this.pgStarted;
  }

  /** Runs the job's queries in order, each on a fresh copy of its database. */
  async run(job: SqlJob): Promise<SqlAnswer[]> {
    const pg = job.engine === 'postgres';
    try {
      await (pg ? this.startPostgres() : this.start());
    } catch (err) {
      const message = `${pg ? 'Postgres' : 'SQLite'} could not start: ${err instanceof Error ? err.message : String(err)}`;
      return job.queries.map(() => ({ kind: 'error', message, ms: 0 }));
    }
    const id = this.nextId++;
    const answers = deferred<SqlAnswer[]>();
    const p: Pending = { job, resolve: answers.resolve };
    this.jobs.set(id, p);
    p.unexpect = this.frame.expect('sql', id, (m) => this.onJob(id, m));
    const limit = pg
      ? job.queries.length * (job.timeoutMs + PG_PER_QUERY_MS) + PG_SLACK_MS
      : job.queries.length * job.timeoutMs + BACKSTOP_SLACK_MS;
    p.timer = setTimeout(() => {
      this.frame.post('sql', id, { type: 'kill' });
      this.finish(id, undefined);
    }, limit);
    this.frame.post('sql', id, { type: 'run', job });
    return answers.promise;
  }

  /** The engines' start-up, and any late word on a job already answered (dropped). */
  private onStart(m: FrameMessage<'sql'>): void {
    switch (m.type) {
      case 'ready':
        return this.settleReady?.resolve();
      case 'boot-error':
        return this.settleReady?.reject(new Error(String(m.message)));
      case 'pg-ready':
        return this.settlePg?.resolve();
      case 'pg-boot-error':
        return this.settlePg?.reject(new Error(String(m.message)));
      case 'answers':
      case 'crashed':
        return;
    }
  }

  private onJob(id: number, m: FrameMessage<'sql'>): void {
    switch (m.type) {
      case 'answers':
        return this.finish(id, m.answers);
      case 'crashed':
        return this.finish(id, undefined, String(m.message));
      case 'ready':
      case 'boot-error':
      case 'pg-ready':
      case 'pg-boot-error':
        return; // said with id 0, for the channel
    }
  }

  private finish(id: number, answers: unknown, crashed?: string): void {
    const p = this.jobs.get(id);
    if (!p) return;
    this.jobs.delete(id);
    clearTimeout(p.timer);
    p.unexpect?.();
    const n = p.job.queries.length;
    const checked = answers === undefined ? undefined : checkAnswers(answers, n);
    if (checked) return p.resolve(checked);
    const fallback: SqlAnswer =
      crashed === undefined || crashed === 'the run was stopped'
        ? answers === undefined
          ? { kind: 'timed out', ms: p.job.timeoutMs }
          : { kind: 'error', message: 'the SQL engine sent an answer of the wrong shape', ms: 0 }
        : { kind: 'error', message: crashed, ms: 0 };
    p.resolve(Array.from({ length: n }, () => fallback));
  }
}
