// What the Benchmark view shows and does, without a DOM: the runs kept in this browser, the one
// shown and its results, the run going on (start, pause, resume, stop), its clock, imports and
// the run compared with. The view draws it and calls it; tests drive it in Node. A store that
// fails to read runs or results is said, never shown as an empty run.
import type { BenchResult, BenchRun } from '../../shared/bench-records.ts';
import { parseRunRows } from '../../shared/bench-rows.ts';
import { errorMessage } from '../../shared/error-message.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { HistoryStore } from '../../store/history-store.ts';
import type { ProgressFigures } from '../../ui/bench/progress.ts';
import type { BenchChange, BenchModel } from '../../ui/bench/bench-view.ts';
import { summarize } from '../../shared/bench-summary.ts';
import { startBenchRun, type BenchRunner, type BenchRunnerOptions } from './bench-runner.ts';
import { importedRun } from './new-run.ts';

export interface BenchRecords {
  runs(): Promise<BenchRun[]>;
  results(runId: string): Promise<BenchResult[]>;
  putRun(run: BenchRun): Promise<void>;
  putResult(result: BenchResult): Promise<void>;
}

/** 'progress': the live line; 'results': summary and table (the view may wait); 'all': everything. */

export interface BenchControllerOptions {
  store?: BenchRecords;
  /** Why there is no store, when there is none. */
  storeProblem?: string;
  endpoint(): EndpointConfig;
  runtimes(n: number): Runtime[];
  history(): HistoryStore | undefined;
  onChange(change: BenchChange): void;
  startRun?: (o: BenchRunnerOptions) => BenchRunner;
  runSession?: BenchRunnerOptions['runSession'];
  now?: () => number;
}

export class BenchController implements BenchModel {
  readonly runs = new Map<string, BenchRun>();
  current: BenchRun | undefined;
  results: BenchResult[] = [];
  /** The status line: a refusal, a wait, an import, a failure. */
  notice = '';
  /** Results cannot be stored, or runs cannot be saved in this browser at all. */
  saveProblem: string;
  /** The shown run's results could not be read back: it is not to be resumed or exported. */
  loadProblem = '';
  private runner: BenchRunner | undefined;
  /** Time spent running each run in this page, its earlier stretches summed. */
  private readonly spent = new Map<string, number>();
  private started = 0;
  private doneHere = 0;
  /** Elapsed time when the last task of this stretch finished: the estimate's pace. */
  private elapsedAtLastDone = 0;
  private inFlight = 0;
  /** The names of the tasks in flight, for the results table's rows in progress. */
  runningTasks: string[] = [];
  private readonly now: () => number;

  constructor(private readonly o: BenchControllerOptions) {
    this.now = o.now ?? (() => performance.now());
    this.saveProblem = o.storeProblem ?? '';
  }

  get running(): boolean {
    return this.runner !== undefined;
  }

  /** Newest first. */
  sortedRuns(): BenchRun[] {
    return [...this.runs.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Reads the kept runs and shows the newest. */
  async load(): Promise<void> {
    try {
      for (const r of (await this.o.store?.runs()) ?? []) this.runs.set(r.id, r);
    } catch (err) {
      this.notice = `The benchmark runs kept in this browser could not be read: ${errorMessage(err)}`;
    }
    const latest = this.sortedRuns()[0];
    if (latest) await this.select(latest.id);
    else this.o.onChange('all');
  }

  async select(id: string): Promise<void> {
    if (this.runner) return;
    this.current = this.runs.get(id);
    this.results = [];
    this.loadProblem = '';
    if (this.current && this.o.store) {
      try {
        this.results = await this.o.store.results(id);
      } catch (err) {
        this.loadProblem = `The results of this run could not be read (${errorMessage(err)}): none are shown, and it cannot be resumed or exported.`;
      }
    }
    this.o.onChange('all');
  }

  /** The rows of another run, to compare with; a sentence when they cannot be read. */
  async rowsOf(id: string): Promise<{ run: BenchRun; rows: BenchResult['row'][] } | string | undefined> {
    const run = this.runs.get(id);
    if (!run || run.id === this.current?.id) return undefined;
    try {
      return { run, rows: ((await this.o.store?.results(id)) ?? []).map((r) => r.row) };
    } catch (err) {
      return `The results of ${run.title} could not be read: ${errorMessage(err)}`;
    }
  }

  rows(): BenchResult['row'][] {
    return this.results.map((r) => r.row);
  }

  total(): number {
    const c = this.current;
    return c ? c.problems.length * c.settings.samples || this.results.length : 0;
  }

  progress(): ProgressFigures | undefined {
    const c = this.current;
    if (!c) return undefined;
    const before = this.spent.get(c.id) ?? 0;
    const stretch = this.runner ? this.now() - this.started : 0;
    return {
      summary: summarize(this.rows(), c.prices),
      total: this.total(),
      elapsedMs: before + stretch,
      msPerTask: this.doneHere > 0 ? this.elapsedAtLastDone / this.doneHere : undefined,
      running: this.running,
      inFlight: this.running ? this.inFlight : 0,
    };
  }

  canResume(): boolean {
    const s = this.current?.status;
    return !this.runner && !!this.current && s !== 'done' && s !== 'imported' && !this.loadProblem;
  }

  /** Saves a new run and starts it. */
  async begin(run: BenchRun): Promise<void> {
    if (this.runner) return;
    this.current = run;
    this.results = [];
    this.loadProblem = '';
    this.notice = '';
    await this.saveRun(run);
    this.o.onChange('all');
    this.resume();
  }

  resume(): void {
    if (!this.canResume() || !this.current) return;
    const run = this.current;
    this.started = this.now();
    this.doneHere = 0;
    this.elapsedAtLastDone = 0;
    this.inFlight = 0;
    const store = this.o.store;
    this.runner = (this.o.startRun ?? startBenchRun)({
      run,
      done: new Set(this.results.map((r) => r.key)),
      endpoint: this.o.endpoint(),
      runtimes: this.o.runtimes(run.settings.sandboxes),
      history: this.o.history(),
      runSession: this.o.runSession,
      save: async (r) => {
        if (!store) throw new Error(this.o.storeProblem ?? 'No storage.');
        await store.putResult(r);
      },
      onResult: (r) => {
        if (this.current?.id === run.id) this.results.push(r);
        this.doneHere++;
        this.elapsedAtLastDone = this.now() - this.started;
        this.o.onChange('results');
      },
      onActive: (n, names) => {
        this.inFlight = n;
        this.runningTasks = names;
        this.o.onChange('progress');
      },
      onSaveProblem: (m) => {
        this.saveProblem = m ?? this.o.storeProblem ?? '';
        this.o.onChange('progress');
      },
      onNotice: (m) => {
        this.notice = m ?? '';
        this.o.onChange('progress');
      },
    });
    void this.setStatus(run, 'running');
    void this.runner.finished.then(async (end) => {
      this.spent.set(run.id, (this.spent.get(run.id) ?? 0) + this.now() - this.started);
      this.runner = undefined;
      this.inFlight = 0;
      this.runningTasks = [];
      await this.setStatus(run, end);
      this.o.onChange('all');
    });
  }

  pause(): void {
    if (!this.runner) return;
    this.runner.pause();
    this.notice = 'Pausing: the tasks in flight finish first.';
    this.o.onChange('progress');
  }

  stop(): void {
    this.runner?.stop();
  }

  /** Reads a `run --out` file into a run of its own, kept and shown. */
  async importRows(fileName: string, text: string): Promise<void> {
    if (this.runner) return;
    try {
      const { run, results } = importedRun(fileName, parseRunRows(text, fileName), Date.now(), crypto.randomUUID());
      await this.saveRun(run);
      for (const r of results) await this.o.store?.putResult(r);
      this.current = run;
      this.results = results;
      this.loadProblem = '';
      this.notice = `Imported ${results.length} rows from ${fileName}.`;
    } catch (err) {
      this.notice = `Could not import ${fileName}: ${errorMessage(err)}`;
    }
    this.o.onChange('all');
  }

  private async saveRun(run: BenchRun): Promise<void> {
    this.runs.set(run.id, run);
    try {
      await this.o.store?.putRun(run);
    } catch (err) {
      this.saveProblem = errorMessage(err);
    }
  }

  private async setStatus(run: BenchRun, status: BenchRun['status']): Promise<void> {
    const next = { ...(this.runs.get(run.id) ?? run), status, updatedAt: Date.now() };
    if (this.current?.id === run.id) this.current = next;
    await this.saveRun(next);
    this.o.onChange('all');
  }
}
