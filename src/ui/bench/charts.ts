// The benchmark's plots, drawn with Chart.js (only the parts used are registered, and this
// module is loaded with the view, never with the first paint). Colours come from the page's CSS
// variables, so the plots follow its theme. Every plot has a caption and a table with the same
// numbers, for screen readers and for copying. A plot already on the page is updated in place:
// building a chart reads styles and lays out the page, and four of them took 200 to 500 ms of
// the main thread, too long to repeat while a run goes on.
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
  type ChartDataset,
} from 'chart.js';
import { h } from '../common/dom.ts';
import { fullTitle, plotSpecs, type PlotSpec, type PlottedRun } from './plot-specs.ts';

export type { PlottedRun } from './plot-specs.ts';

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

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

function palette(): string[] {
  return [cssVar('--accent', '#3b6fd8'), cssVar('--timed-out', '#c77d00'), cssVar('--passed', '#2f8f46')];
}

type Dataset = ChartDataset<'line' | 'bar', (number | null)[]>;

interface Figure {
  key: string;
  element: HTMLElement;
  update(spec: PlotSpec): void;
  draw(): void;
  destroy(): void;
}

/** A figure: the canvas (described by the caption) and the same numbers as a table. */
function figure(spec: PlotSpec): Figure {
  const canvas = h('canvas', { role: 'img', 'aria-label': spec.caption });
  const emptyNote = h('p', { class: 'bench-plot-empty', 'data-testid': 'plot-empty' });
  const canvasBox = h('div', { class: 'bench-canvas' }, canvas);
  const head = h('thead');
  const body = h('tbody');
  const element = h(
    'figure',
    { class: 'bench-plot', 'data-testid': spec.testid },
    canvasBox,
    emptyNote,
    h('figcaption', null, spec.caption),
    h('details', null, h('summary', null, 'The numbers'), h('table', { class: 'bench-table' }, head, body)),
  );
  let chart: Chart<'line' | 'bar', (number | null)[], string> | undefined;
  let current = spec;
  const fillTable = (s: PlotSpec): void => {
    emptyNote.textContent = s.empty ?? '';
    emptyNote.hidden = canvasBox.hidden = false;
    if (s.empty) canvasBox.hidden = true;
    else emptyNote.hidden = true;
    head.replaceChildren(
      h(
        'tr',
        null,
        h('th', { scope: 'col' }, s.xLabel),
        ...s.series.map((x) => h('th', { scope: 'col', title: fullTitle(x.label) }, x.label)),
      ),
    );
    body.replaceChildren(
      ...s.labels.map((l, i) =>
        h(
          'tr',
          null,
          h('th', { scope: 'row', title: fullTitle(l) }, l),
          ...s.series.map((x) => h('td', null, s.format(x.values[i] ?? null))),
        ),
      ),
    );
  };
  const datasets = (s: PlotSpec, colours: string[]): Dataset[] =>
    s.series.map((x, i) => {
      // One bar per run: each in the colour its run has in the other plots.
      const colour = s.byRun ? s.labels.map((_, j) => colours[j % colours.length]!) : colours[i % colours.length];
      return { label: x.label, data: x.values, borderColor: colour, backgroundColor: colour };
    });
  fillTable(spec);
  return {
    key: `${spec.testid}:${spec.type}`,
    element,
    update(s) {
      current = s;
      fillTable(s);
      if (!chart) return;
      chart.data.labels = s.labels;
      chart.data.datasets = datasets(s, palette());
      chart.update('none');
    },
    draw() {
      const fg = cssVar('--fg', '#222');
      const grid = cssVar('--border', '#ccc');
      chart?.destroy();
      const config: ChartConfiguration<'line' | 'bar', (number | null)[], string> = {
        type: current.type,
        data: { labels: current.labels, datasets: datasets(current, palette()) },
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: {
            legend: {
              display: !current.byRun,
              labels: { color: fg },
              // A long run name is shortened in the legend; pointing at it shows the whole name.
              onHover: (_e, item) => void (canvas.title = fullTitle(item.text)),
              onLeave: () => void (canvas.title = ''),
            },
          },
          scales: {
            x: {
              ticks: { color: fg },
              grid: { color: grid },
              title: { display: true, text: current.xLabel, color: fg },
            },
            y: {
              beginAtZero: true,
              max: current.yMax,
              ticks: {
                color: fg,
                ...(current.percent ? { callback: (v: string | number) => `${Math.round(Number(v) * 100)}%` } : {}),
              },
              grid: { color: grid },
              title: { display: true, text: current.yLabel, color: fg },
            },
          },
        },
      };
      chart = new Chart(canvas, config);
    },
    destroy: () => chart?.destroy(),
  };
}

export interface Plots {
  /** Shows every plot that applies to these runs, updating those already drawn. */
  show(runs: readonly PlottedRun[]): void;
  destroy(): void;
}

export function mountPlots(into: HTMLElement): Plots {
  let figures: Figure[] = [];
  const theme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  // The colours are read when a chart is built: a change of theme builds them again.
  const recolour = (): void => figures.forEach((f) => f.draw());
  theme?.addEventListener('change', recolour);
  return {
    show(runs) {
      const specs = runs.some((r) => r.rows.length) ? plotSpecs(runs) : [];
      const old = new Map(figures.map((f) => [f.key, f]));
      const fresh: Figure[] = [];
      const next = specs.map((s) => {
        const key = `${s.testid}:${s.type}`;
        const kept = old.get(key);
        old.delete(key);
        if (kept) kept.update(s);
        else fresh.push(figure(s));
        return kept ?? fresh[fresh.length - 1]!;
      });
      for (const gone of old.values()) gone.destroy();
      const same = next.length === into.children.length && next.every((f, i) => into.children[i] === f.element);
      if (!same) into.replaceChildren(...next.map((f) => f.element));
      figures = next;
      // One chart per task: building four at once held the main thread for over 200 ms.
      for (const f of fresh) setTimeout(() => figures.includes(f) && f.draw(), 0);
    },
    destroy() {
      theme?.removeEventListener('change', recolour);
      figures.forEach((f) => f.destroy());
      figures = [];
      into.replaceChildren();
    },
  };
}
