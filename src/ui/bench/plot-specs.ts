// What the benchmark's plots show, as numbers: one spec per plot, shared by the chart and by the
// table that is its text alternative. Computed apart from drawing, so a running benchmark can
// update charts in place instead of rebuilding them.
import { byTask, passRateByAttempt, summarize, type Prices } from '../../shared/bench-summary.ts';
import { meanPassAtK, reportedKs } from '../../shared/bench-pass-at-k.ts';
import type { RunRow } from '../../shared/bench-rows.ts';

export interface PlottedRun {
  label: string;
  rows: readonly RunRow[];
  maxIterations: number;
  prices?: Prices;
}

interface Series {
  label: string;
  values: (number | null)[];
}

export interface PlotSpec {
  testid: string;
  caption: string;
  xLabel: string;
  labels: string[];
  series: Series[];
  format: (x: number | null) => string;
  type: 'line' | 'bar';
  yMax?: number;
  /** The y axis's title. */
  yLabel: string;
  /** Values are fractions, shown on the axis as percentages. */
  percent?: boolean;
  /** One bar per run, each in its run's colour (the legend would name the one series only). */
  byRun?: boolean;
  /** Said in place of the chart when there is nothing to draw, and why. */
  empty?: string;
}

/** A run's title cut to fit a legend or a table heading; the full title is the run's heading. */
/** Full run names by the short labels made of them, for the legends' and tables' hover text. */
const fullTitles = new Map<string, string>();

export function shortLabel(title: string, max = 36): string {
  if (title.length <= max) return title;
  const short = `${title.slice(0, max - 1).trimEnd()}…`;
  fullTitles.set(short, title);
  return short;
}

/** The run name a short label was made of (the label itself when it was not shortened). */
export const fullTitle = (label: string): string => fullTitles.get(label) ?? label;

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

function passAtKSpec(runs: readonly PlottedRun[]): PlotSpec | undefined {
  const samplesOf = (r: PlottedRun): number => Math.min(...[...byTask(r.rows).values()].map((g) => g.length));
  const minSamples = Math.min(...runs.map(samplesOf));
  if (!(minSamples > 1)) {
    // Said rather than dropped when a run shown has several samples and another only one.
    const single = runs.filter((r) => !(samplesOf(r) > 1));
    if (single.length === runs.length) return undefined;
    return {
      testid: 'plot-pass-at-k',
      caption: 'pass@k, the unbiased estimate of Chen et al. (2021) over tasks with several samples each.',
      xLabel: 'k',
      yLabel: 'Pass rate',
      labels: [],
      series: [],
      format: pct,
      type: 'line',
      empty: `pass@k is not plotted: it needs several samples of each task in every run shown, and ${single.map((r) => r.label).join(' and ')} has one.`,
    };
  }
  const ks = reportedKs(minSamples);
  return {
    testid: 'plot-pass-at-k',
    caption: 'pass@k, the unbiased estimate of Chen et al. (2021) over tasks with several samples each.',
    xLabel: 'k',
    labels: ks.map(String),
    series: runs.map((r) => {
      const counts = [...byTask(r.rows).values()].map((g) => ({ n: g.length, c: g.filter((x) => x.passed).length }));
      return { label: r.label, values: ks.map((k) => meanPassAtK(counts, k) ?? null) };
    }),
    format: pct,
    type: 'line',
    yMax: 1,
    yLabel: 'Pass rate',
    percent: true,
  };
}

function costSpec(runs: readonly PlottedRun[]): PlotSpec | undefined {
  const costs = runs.map((r) => summarize(r.rows, r.prices ?? {}));
  if (costs.every((s) => s.cost === undefined)) return undefined;
  return {
    testid: 'plot-cost',
    caption:
      'Cost per solved task, in dollars: the run’s cost at the prices set in Settings divided by the tasks it solved.',
    xLabel: 'Run',
    labels: runs.map((r) => r.label),
    series: [{ label: 'Cost per solved task', values: costs.map((s) => s.cost_per_solved ?? null) }],
    format: (x) => (x === null ? 'no price or none solved' : `$${x.toFixed(4)}`),
    type: 'bar',
    yLabel: 'Dollars per solved task',
    byRun: true,
  };
}

function timeSpec(runs: readonly PlottedRun[]): PlotSpec {
  const tasks = [...new Set(runs.flatMap((r) => r.rows.map((x) => String(x.task_id))))];
  return {
    testid: 'plot-time',
    caption: 'Time per task, in seconds (the mean over samples).',
    xLabel: 'Task',
    labels: tasks,
    series: runs.map((r) => {
      const groups = byTask(r.rows);
      return {
        label: r.label,
        values: tasks.map((t) => {
          const g = groups.get(t)?.filter((x) => x.elapsed_ms !== undefined) ?? [];
          return g.length ? g.reduce((n, x) => n + (x.elapsed_ms ?? 0), 0) / g.length / 1000 : null;
        }),
      };
    }),
    format: (x) => (x === null ? '—' : `${x.toFixed(1)} s`),
    type: 'bar',
    yLabel: 'Seconds',
    empty:
      tasks.length && runs.every((r) => r.rows.every((x) => x.elapsed_ms === undefined))
        ? 'No time per task is plotted: these rows do not carry one.'
        : undefined,
  };
}

/** Every plot that applies to these runs (the first is the one drawn, the others overlaid). */
export function plotSpecs(runs: readonly PlottedRun[]): PlotSpec[] {
  const maxIter = Math.max(1, ...runs.map((r) => r.maxIterations));
  const specs: (PlotSpec | undefined)[] = [
    {
      testid: 'plot-pass-rate',
      caption:
        'Cumulative pass rate by attempt: attempt 1 is pass@1 at the first attempt, later ones after each repair.',
      xLabel: 'Attempt',
      labels: Array.from({ length: maxIter }, (_, i) => String(i + 1)),
      series: runs.map((r) => ({ label: r.label, values: passRateByAttempt(r.rows, maxIter) })),
      format: pct,
      type: 'line',
      yMax: 1,
      yLabel: 'Tasks passed',
      percent: true,
    },
    passAtKSpec(runs),
    {
      testid: 'plot-tokens',
      caption: 'Tokens per solved task: all tokens of the run divided by the tasks it solved.',
      xLabel: 'Run',
      labels: runs.map((r) => r.label),
      series: [
        { label: 'Tokens per solved task', values: runs.map((r) => summarize(r.rows).tokens_per_solved ?? null) },
      ],
      format: (x) => (x === null ? 'none solved' : String(Math.round(x))),
      type: 'bar',
      yLabel: 'Tokens',
      byRun: true,
      empty: runs.every((r) => summarize(r.rows).tokens_per_solved === undefined)
        ? 'No task was solved, so there are no tokens per solved task to plot.'
        : undefined,
    },
    costSpec(runs),
    timeSpec(runs),
  ];
  return specs.filter((s): s is PlotSpec => s !== undefined);
}
