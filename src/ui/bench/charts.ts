// The benchmark's plots, drawn with Chart.js (only the parts used are registered, and this
// module is loaded with the view, never with the first paint). Colours come from the page's CSS
// variables, so the plots follow its theme. Every plot has a caption and a table with the same
// numbers, for screen readers and for copying.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { byTask, passRateByAttempt, summarize } from '../../shared/bench-summary.ts';
import { meanPassAtK, reportedKs } from '../../shared/bench-pass-at-k.ts';
import type { RunRow } from '../../shared/bench-rows.ts';
import { h } from '../common/dom.ts';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

export interface PlottedRun {
  label: string;
  rows: readonly RunRow[];
  maxIterations: number;
}

interface Series {
  label: string;
  values: (number | null)[];
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

function palette(): string[] {
  return [cssVar('--accent', '#3b6fd8'), cssVar('--timed-out', '#c77d00'), cssVar('--passed', '#2f8f46')];
}

/** A figure: the canvas (described by the caption) and the same numbers as a table. */
function figure(
  testid: string,
  caption: string,
  xLabel: string,
  labels: string[],
  series: Series[],
  format: (x: number | null) => string,
  type: 'line' | 'bar',
  yMax?: number,
): { element: HTMLElement; draw(): Chart } {
  const canvas = h('canvas', { role: 'img', 'aria-label': caption });
  const table = h(
    'table',
    { class: 'bench-table' },
    h(
      'thead',
      null,
      h('tr', null, h('th', { scope: 'col' }, xLabel), ...series.map((s) => h('th', { scope: 'col' }, s.label))),
    ),
    h(
      'tbody',
      null,
      ...labels.map((l, i) =>
        h('tr', null, h('th', { scope: 'row' }, l), ...series.map((s) => h('td', null, format(s.values[i] ?? null)))),
      ),
    ),
  );
  const element = h(
    'figure',
    { class: 'bench-plot', 'data-testid': testid },
    h('div', { class: 'bench-canvas' }, canvas),
    h('figcaption', null, caption),
    h('details', null, h('summary', null, 'The numbers'), table),
  );
  const draw = (): Chart => {
    const fg = cssVar('--fg', '#222');
    const grid = cssVar('--border', '#ccc');
    const colours = palette();
    const config: ChartConfiguration<'line' | 'bar'> = {
      type,
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          borderColor: colours[i % colours.length],
          backgroundColor: colours[i % colours.length],
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: { legend: { labels: { color: fg } } },
        scales: {
          x: { ticks: { color: fg }, grid: { color: grid }, title: { display: true, text: xLabel, color: fg } },
          y: { beginAtZero: true, max: yMax, ticks: { color: fg }, grid: { color: grid } },
        },
      },
    };
    return new Chart(canvas, config);
  };
  return { element, draw };
}

/** Builds every plot that applies to these runs into `into`; returns a function that frees them. */
export function drawPlots(into: HTMLElement, runs: readonly PlottedRun[]): () => void {
  const figures: ReturnType<typeof figure>[] = [];
  const maxIter = Math.max(1, ...runs.map((r) => r.maxIterations));
  const attempts = Array.from({ length: maxIter }, (_, i) => String(i + 1));
  figures.push(
    figure(
      'plot-pass-rate',
      'Cumulative pass rate by attempt: attempt 1 is pass@1 at the first attempt, later ones after each repair.',
      'Attempt',
      attempts,
      runs.map((r) => ({ label: r.label, values: passRateByAttempt(r.rows, maxIter) })),
      pct,
      'line',
      1,
    ),
  );
  const minSamples = Math.min(...runs.map((r) => Math.min(...[...byTask(r.rows).values()].map((g) => g.length))));
  if (minSamples > 1) {
    const ks = reportedKs(minSamples);
    figures.push(
      figure(
        'plot-pass-at-k',
        'pass@k, the unbiased estimate of Chen et al. (2021) over tasks with several samples each.',
        'k',
        ks.map(String),
        runs.map((r) => {
          const counts = [...byTask(r.rows).values()].map((g) => ({
            n: g.length,
            c: g.filter((x) => x.passed).length,
          }));
          return { label: r.label, values: ks.map((k) => meanPassAtK(counts, k) ?? null) };
        }),
        pct,
        'line',
        1,
      ),
    );
  }
  figures.push(
    figure(
      'plot-tokens',
      'Tokens per solved task: all tokens of the run divided by the tasks it solved.',
      'Run',
      runs.map((r) => r.label),
      [{ label: 'Tokens per solved task', values: runs.map((r) => summarize(r.rows).tokens_per_solved ?? null) }],
      (x) => (x === null ? 'none solved' : String(Math.round(x))),
      'bar',
    ),
  );
  const tasks = [...new Set(runs.flatMap((r) => r.rows.map((x) => String(x.task_id))))];
  figures.push(
    figure(
      'plot-time',
      'Time per task, in seconds (the mean over samples).',
      'Task',
      tasks,
      runs.map((r) => {
        const groups = byTask(r.rows);
        return {
          label: r.label,
          values: tasks.map((t) => {
            const g = groups.get(t)?.filter((x) => x.elapsed_ms !== undefined) ?? [];
            return g.length ? g.reduce((n, x) => n + (x.elapsed_ms ?? 0), 0) / g.length / 1000 : null;
          }),
        };
      }),
      (x) => (x === null ? '—' : `${x.toFixed(1)} s`),
      'bar',
    ),
  );
  into.replaceChildren(...figures.map((f) => f.element));
  const charts = figures.map((f) => f.draw());
  return () => charts.forEach((c) => c.destroy());
}
