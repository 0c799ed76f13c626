// The Benchmark view: set up a run, watch it, pause, resume or stop it, read its table and
// plots, compare it with another run, export it as `run --out` rows or human-eval samples, and
// import a `run --out` file. Loaded on demand (with Chart.js) when the view is first opened.
import type { EndpointConfig } from '../../shared/model.ts';
import type { Runtime } from '../../shared/run.ts';
import type { BenchResult, BenchRun } from '../../shared/bench-records.ts';
import { parseRunRows, rowsToJsonl, samplesJsonl } from '../../shared/bench-rows.ts';
import { describeSubset, selectSubset } from '../../shared/bench-subset.ts';
import { summarize, summaryLines } from '../../shared/bench-summary.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { datasetMismatch, type VisibleTests } from '../../shared/visible-tests.ts';
import { SandboxRuntime } from '../../sandbox/sandbox-runtime.ts';
import { BenchStore } from '../../store/bench-store.ts';
import type { HistoryStore } from '../../store/history-store.ts';
import { mountBenchForm } from '../../ui/bench/bench-form.ts';
import { mountPlots, type PlottedRun } from '../../ui/bench/charts.ts';
import { compareTable } from '../../ui/bench/compare.ts';
import { progressText } from '../../ui/bench/progress.ts';
import { mountResultsTable } from '../../ui/bench/results-table.ts';
import { h, setText } from '../../ui/common/dom.ts';
import { downloadText } from '../../ui/history/files.ts';
import { startBenchRun, type BenchRunner } from './bench-runner.ts';
import { BUNDLED, isPackFile, loadBundled, loadFile, readFile } from './datasets.ts';
import { runListLabel } from './run-list.ts';
import { benchDemoGate } from './demo-gate.ts';
import '../../ui/bench/bench.css';
import { pageTypeScriptChecker } from '../typescript-checker.ts';

const VISIBLE_NOTES: Record<string, string> = { doc: 'docstring examples', pack: 'the pack’s own' };
const visibleNote = (v: VisibleTests | undefined): string =>
  v === undefined ? '' : ` · visible: ${VISIBLE_NOTES[v] ?? `first ${v}`}`;

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

export async function mountBenchmark(container: HTMLElement, host: BenchHost): Promise<{ refresh(): void }> {
  let store: BenchStore | undefined;
  let storeProblem: string | undefined;
  try {
    store = await BenchStore.open();
  } catch (err) {
    storeProblem = `Benchmark runs cannot be saved in this browser: ${errorMessage(err)}`;
  }
  const runs = new Map<string, BenchRun>();
  let current: BenchRun | undefined;
  let results: BenchResult[] = [];
  let runner: BenchRunner | undefined;
  let clock = { start: 0, doneHere: 0 };

  const form = mountBenchForm(BUNDLED, { sandboxes: host.defaultSandboxes }, isPackFile);
  const demo = benchDemoGate(host);
  const start = h('button', { type: 'button', class: 'primary', 'data-testid': 'bench-start' }, 'Start benchmark');
  const pause = h('button', { type: 'button', 'data-testid': 'bench-pause' }, 'Pause');
  const resume = h('button', { type: 'button', 'data-testid': 'bench-resume' }, 'Resume');
  const stop = h('button', { type: 'button', class: 'danger', 'data-testid': 'bench-stop' }, 'Stop');
  const exportRows = h('button', { type: 'button', 'data-testid': 'bench-export' }, 'Export rows (run --out)');
  const exportSamples = h('button', { type: 'button', 'data-testid': 'bench-export-samples' }, 'Export samples.jsonl');
  const importFile = h('input', { type: 'file', accept: '.jsonl,.json', 'data-testid': 'bench-import' });
  const runList = h('select', { 'data-testid': 'bench-runs', 'aria-label': 'Runs' });
  const compareList = h('select', { 'data-testid': 'bench-compare-with', 'aria-label': 'Compare with' });
  const notice = h('p', { class: 'bench-notice', role: 'status', 'data-testid': 'bench-notice' });
  const saveNotice = h('p', { class: 'bench-notice', role: 'alert', 'data-testid': 'bench-save-problem' });
  const progress = h('p', {
    class: 'bench-progress',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'bench-progress',
  });
  const summary = h('ul', { class: 'bench-summary', 'data-testid': 'bench-summary' });
  const title = h('h3', { 'data-testid': 'bench-title' });
  const plotsBox = h('div', { class: 'bench-plots' });
  const plots = mountPlots(plotsBox);
  const comparison = h('div');
  const table = mountResultsTable((id) => host.openSession(id));

  container.append(
    h(
      'div',
      { class: 'bench-view', 'data-testid': 'bench-view' },
      h(
        'header',
        { class: 'bench-head' },
        h('h2', null, 'Benchmark'),
        h(
          'button',
          { type: 'button', on: { click: () => host.close() }, 'data-testid': 'bench-close' },
          'Back to the loop',
        ),
      ),
      saveNotice,
      h('section', { class: 'bench-setup', 'aria-label': 'New run' }, demo.el, form.element, start),
      h(
        'section',
        { class: 'bench-runs', 'aria-label': 'Runs' },
        h('label', null, 'Run ', runList),
        h('label', null, ' Import a run --out file ', importFile),
      ),
      h(
        'section',
        { class: 'bench-current', 'aria-label': 'The run' },
        title,
        h('div', { class: 'toolbar' }, pause, resume, stop, exportRows, exportSamples),
        progress,
        notice,
        summary,
        h('label', null, 'Compare with ', compareList),
        comparison,
        plotsBox,
        table.element,
      ),
    ),
  );
  setText(saveNotice, storeProblem ?? '');

  const rows = (): BenchResult['row'][] => results.map((r) => r.row);
  const total = (): number => (current ? current.problems.length * current.settings.samples || results.length : 0);

  const renderProgress = (): void => {
    if (!current) return;
    const s = summarize(rows(), current.prices);
    setText(
      progress,
      progressText({
        summary: s,
        total: total(),
        elapsedMs: runner ? performance.now() - clock.start : 0,
        doneHere: clock.doneHere,
        running: runner !== undefined,
      }),
    );
    container.dataset.benchStatus = current.status;
  };
  const renderButtons = (): void => {
    const status = current?.status;
    start.disabled = runner !== undefined;
    form.setLocked(runner !== undefined);
    pause.disabled = stop.disabled = runner === undefined;
    resume.disabled = runner !== undefined || !current || status === 'done' || status === 'imported';
    exportRows.disabled = exportSamples.disabled = results.length === 0;
  };
  let plottedAt = 0;
  const renderAll = async (plotsToo = true): Promise<void> => {
    renderProgress();
    renderButtons();
    if (!current) return;
    setText(title, current.title);
    const s = summarize(rows(), current.prices);
    summary.replaceChildren(...summaryLines(s).map((l) => h('li', null, l)));
    table.set(results);
    if (!plotsToo) return;
    plottedAt = performance.now();
    const other = runs.get(compareList.value);
    const plotted: PlottedRun[] = [
      { label: current.title, rows: rows(), maxIterations: current.settings.maxIterations, prices: current.prices },
    ];
    const compared: HTMLElement[] = [];
    if (other && other.id !== current.id) {
      const otherRows = (await store?.results(other.id).catch(() => []))?.map((r) => r.row) ?? [];
      plotted.push({
        label: other.title,
        rows: otherRows,
        maxIterations: other.settings.maxIterations,
        prices: other.prices,
      });
      compared.push(compareTable(current.title, other.title, rows(), otherRows));
    }
    comparison.replaceChildren(...compared);
    plots.show(plotted);
  };
  // Redrawing for every finished task would cost more as the run grows: while it runs, the
  // progress line follows each task, the summary and table at most once a second, the plots
  // every ten seconds (and once more when the run ends).
  let pending: ReturnType<typeof setTimeout> | undefined;
  const renderSoon = (): void => {
    renderProgress();
    pending ??= setTimeout(() => {
      pending = undefined;
      void renderAll(performance.now() - plottedAt > 10_000);
    }, 1000);
  };
  const renderRuns = (): void => {
    const options = [...runs.values()].sort((a, b) => b.createdAt - a.createdAt);
    runList.replaceChildren(
      ...options.map((r) =>
        h(
          'option',
          { value: r.id, selected: r.id === current?.id },
          runListLabel(r, runner !== undefined && r.id === current?.id),
        ),
      ),
    );
    const chosen = compareList.value;
    compareList.replaceChildren(
      h('option', { value: '' }, 'No other run'),
      ...options
        .filter((r) => r.id !== current?.id)
        .map((r) => h('option', { value: r.id, selected: r.id === chosen }, r.title)),
    );
  };

  const saveRun = async (run: BenchRun): Promise<void> => {
    runs.set(run.id, run);
    await store?.putRun(run).catch((err: unknown) => setText(saveNotice, errorMessage(err)));
  };
  const setStatus = async (status: BenchRun['status']): Promise<void> => {
    if (!current) return;
    current = { ...current, status, updatedAt: Date.now() };
    await saveRun(current);
    renderRuns();
  };

  const select = async (id: string): Promise<void> => {
    current = runs.get(id);
    results = current ? ((await store?.results(id).catch(() => [])) ?? []) : [];
    renderRuns();
    await renderAll();
  };

  const go = (): void => {
    if (!current || runner) return;
    const run = current;
    clock = { start: performance.now(), doneHere: 0 };
    runner = startBenchRun({
      run,
      done: new Set(results.map((r) => r.key)),
      endpoint: host.endpoint(),
      runtimes: host.runtimes(run.settings.sandboxes),
      history: host.history(),
      save: async (r) => {
        if (!store) throw new Error(storeProblem ?? 'No storage.');
        await store.putResult(r);
      },
      onResult: (r) => {
        if (current?.id === run.id) results.push(r);
        clock.doneHere++;
        renderSoon();
      },
      onSaveProblem: (m) => setText(saveNotice, m ?? storeProblem ?? ''),
      onNotice: (m) => setText(notice, m ?? ''),
    });
    void setStatus('running');
    renderButtons();
    const tick = setInterval(renderProgress, 1000);
    void runner.finished.then(async (end) => {
      clearInterval(tick);
      runner = undefined;
      await setStatus(end);
      await renderAll();
    });
  };

  start.addEventListener('click', () => void startNew());
  const startNew = async (): Promise<void> => {
    const values = demo.refusal() ?? form.read();
    if (typeof values === 'string') return setText(notice, values);
    try {
      setText(notice, 'Loading the dataset…');
      const all =
        values.file && values.dataset === 'file' ? await loadFile(values.file) : await loadBundled(values.dataset);
      const problems = selectSubset(all, values.subset);
      const { visibleTests } = values;
      const why = visibleTests === undefined ? undefined : datasetMismatch(problems, visibleTests);
      if (why !== undefined) return setText(notice, `These tests cannot be split that way: ${why}.`);
      const endpoint = host.endpoint();
      const dataset = values.dataset === 'file' ? (values.file?.name ?? 'file') : values.dataset;
      const now = Date.now();
      current = {
        id: crypto.randomUUID(),
        title: `${dataset} · ${endpoint.model} · ${values.strategy.name} · ${describeSubset(values.subset)}${visibleNote(visibleTests)}`,
        createdAt: now,
        updatedAt: now,
        status: 'paused',
        dataset,
        endpoint: { provider: endpoint.provider, baseUrl: endpoint.baseUrl, model: endpoint.model },
        prices: { priceInPerM: endpoint.priceInPerM, priceOutPerM: endpoint.priceOutPerM },
        settings: {
          maxIterations: values.maxIterations,
          strategy: values.strategy,
          samples: values.samples,
          sandboxes: values.sandboxes,
          timeoutSec: values.timeoutSec,
          showTests: true,
          ...(visibleTests === undefined ? {} : { visibleTests }),
        },
        subset: values.subset,
        problems,
      };
      results = [];
      setText(notice, '');
      await saveRun(current);
      renderRuns();
      await renderAll();
      go();
    } catch (err) {
      setText(notice, errorMessage(err));
    }
  };

  pause.addEventListener('click', () => {
    runner?.pause();
    setText(notice, 'Pausing: the tasks in flight finish first.');
  });
  stop.addEventListener('click', () => runner?.stop());
  resume.addEventListener('click', go);
  runList.addEventListener('change', () => void (runner ? renderRuns() : select(runList.value)));
  compareList.addEventListener('change', () => void renderAll());
  exportRows.addEventListener('click', () =>
    downloadText('run-out.jsonl', rowsToJsonl(rows()), 'application/x-ndjson'),
  );
  exportSamples.addEventListener('click', () =>
    downloadText('samples.jsonl', samplesJsonl(rows()), 'application/x-ndjson'),
  );
  importFile.addEventListener('change', () => void importRun());
  const importRun = async (): Promise<void> => {
    const file = importFile.files?.[0];
    if (!file || runner) return;
    try {
      const imported = parseRunRows(await readFile(file), file.name);
      const now = Date.now();
      const samples = Math.max(1, ...imported.map((r) => (r.sample ?? 0) + 1));
      const run: BenchRun = {
        id: crypto.randomUUID(),
        title: `${file.name} (imported)`,
        createdAt: now,
        updatedAt: now,
        status: 'imported',
        dataset: file.name,
        endpoint: { provider: '', baseUrl: '', model: '' },
        prices: {},
        settings: {
          maxIterations: Math.max(1, ...imported.map((r) => r.attempts.length)),
          strategy: { name: 'repair' },
          samples,
          sandboxes: 1,
          timeoutSec: 3,
          showTests: true,
        },
        subset: { kind: 'all' },
        problems: [],
      };
      const found = imported.map((row, i) => ({
        runId: run.id,
        key: `${String(row.task_id)}#${row.sample ?? 0}#${i}`,
        row,
      }));
      await saveRun(run);
      for (const r of found) await store?.putResult(r);
      current = run;
      results = found;
      setText(notice, `Imported ${found.length} rows from ${file.name}.`);
      renderRuns();
      await renderAll();
    } catch (err) {
      setText(notice, `Could not import ${file.name}: ${errorMessage(err)}`);
    } finally {
      importFile.value = '';
    }
  };

  for (const r of (await store?.runs().catch(() => [])) ?? []) runs.set(r.id, r);
  const latest = [...runs.values()].sort((a, b) => b.createdAt - a.createdAt)[0];
  form.setEndpoint(host.endpointLabel());
  if (latest) await select(latest.id);
  else renderButtons();
  container.dataset.benchReady = 'true';
  return {
    refresh: () => {
      form.setEndpoint(host.endpointLabel());
      demo.refresh();
    },
  };
}

/** The benchmark's sandboxes: the page's own first, more started when a run asks for them. */
export function growPool(pool: Runtime[], n: number): Runtime[] {
  while (pool.length < n) pool.push(new SandboxRuntime({ typescript: pageTypeScriptChecker }));
  return pool.slice(0, n);
}
