// The Benchmark view's elements, in page order: the set-up, the runs, the run shown. The app
// fills them in from its controller; the results table is appended to the run shown.
import { h } from '../common/dom.ts';

export function benchLayout(o: { form: HTMLElement; demo: HTMLElement; close(): void }) {
  const button = (label: string, testid: string, cls?: string): HTMLButtonElement =>
    h('button', { type: 'button', class: cls, 'data-testid': testid }, label);
  const start = button('Start benchmark', 'bench-start', 'primary');
  const pause = button('Pause', 'bench-pause');
  const resume = button('Resume', 'bench-resume');
  const stop = button('Stop', 'bench-stop', 'danger');
  const exportRows = button('Export rows (run --out)', 'bench-export');
  const exportSamples = button('Export samples.jsonl', 'bench-export-samples');
  const importFile = h('input', { type: 'file', accept: '.jsonl,.json', 'data-testid': 'bench-import' });
  const runList = h('select', { 'data-testid': 'bench-runs', 'aria-label': 'Runs' });
  const compareList = h('select', { 'data-testid': 'bench-compare-with', 'aria-label': 'Compare with' });
  const notice = h('p', { class: 'bench-notice', role: 'status', 'data-testid': 'bench-notice' });
  const saveNotice = h('p', { class: 'bench-notice', role: 'alert', 'data-testid': 'bench-save-problem' });
  const loadNotice = h('p', { class: 'bench-notice', role: 'alert', 'data-testid': 'bench-load-problem' });
  const progress = h('p', {
    class: 'bench-progress',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'bench-progress',
  });
  const summary = h('ul', { class: 'bench-summary', 'data-testid': 'bench-summary' });
  const title = h('h3', { 'data-testid': 'bench-title' });
  const plotsBox = h('div', { class: 'bench-plots' });
  const comparison = h('div');
  // Shown once there is a run to pick or show: before that, empty menus said nothing.
  const runPicker = h('label', { class: 'bench-field' }, 'Run', runList);
  const comparePicker = h('label', { class: 'bench-field' }, 'Compare with', compareList);
  const currentBox = h(
    'section',
    { class: 'bench-current', 'aria-label': 'The run' },
    title,
    h('div', { class: 'toolbar' }, pause, resume, stop, exportRows, exportSamples),
    progress,
    loadNotice,
    summary,
    comparePicker,
    comparison,
    plotsBox,
  );
  const element = h(
    'div',
    { class: 'bench-view', 'data-testid': 'bench-view' },
    h(
      'header',
      { class: 'bench-head' },
      h('h2', null, 'Benchmark'),
      h('button', { type: 'button', on: { click: () => o.close() }, 'data-testid': 'bench-close' }, 'Back to the loop'),
    ),
    saveNotice,
    h('section', { class: 'bench-setup', 'aria-label': 'New run' }, o.demo, o.form, start, notice),
    h(
      'section',
      { class: 'bench-runs', 'aria-label': 'Runs' },
      runPicker,
      h('label', { class: 'bench-field' }, 'Import a run --out file', importFile),
    ),
    currentBox,
  );
  return {
    element,
    start,
    pause,
    resume,
    stop,
    exportRows,
    exportSamples,
    importFile,
    runList,
    compareList,
    notice,
    saveNotice,
    loadNotice,
    progress,
    summary,
    title,
    plotsBox,
    comparison,
    runPicker,
    comparePicker,
    currentBox,
  };
}
