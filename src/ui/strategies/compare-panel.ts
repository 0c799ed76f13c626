// Compare strategies: pick A and B, run both on the task in the panel, and see the two outcomes
// side by side; past comparisons stay listed and can be shown again. The page runs the sessions
// (the usual views show each as it goes, and Stop ends it); this view only asks and shows.
import './compare.css';
import type { StrategySettings } from '../../shared/strategy.ts';
import { clear, h, setText } from '../common/dom.ts';
import { strategyPicker } from '../common/strategy-picker.ts';
import { formatTime } from '../history/format.ts';
import { comparisonLabel, summarize, verdict, type PastComparison, type SideRun } from './compare-model.ts';
import { compareTable } from './compare-table.ts';

export interface ComparePanelOptions {
  /** Both sides' strategies, A first; only called when both are valid. */
  onRun(sides: StrategySettings[]): void;
  onOpen(sessionId: string): void;
  onShowPast(id: string): void;
}

export interface ComparePanel {
  el: HTMLElement;
  /** Shows the table of a comparison (running, finished or from the history). */
  show(caption: string, runs: readonly SideRun[]): void;
  setPast(list: readonly PastComparison[]): void;
  setStatus(text: string, tone?: 'idle' | 'error'): void;
  setBusy(busy: boolean): void;
}

export function mountComparePanel(o: ComparePanelOptions): ComparePanel {
  // Each side's choice is remembered, as the task panel's is, so a reload keeps both.
  const side = (letter: string, initial: StrategySettings) =>
    strategyPicker({
      idPrefix: `compare-${letter.toLowerCase()}`,
      legend: `Strategy ${letter}`,
      initial,
      storageKey: `fixpoint.compare.${letter.toLowerCase()}`,
      class: 'compare-side',
    });
  const a = side('A', { name: 'repair' });
  const b = side('B', { name: 'best-of-n', samples: 5 });
  const run = h('button', { type: 'button', class: 'primary', 'data-testid': 'compare-run' }, 'Run both');
  const status = h('p', { class: 'compare-status', 'data-testid': 'compare-status' });
  const result = h('div', { class: 'compare-result', 'data-testid': 'compare-output' });
  const said = h('p', { class: 'compare-verdict', 'data-testid': 'compare-verdict' });
  const pastList = h('ul', { class: 'compare-past', 'data-testid': 'compare-past' });
  const pastEmpty = h('p', { class: 'field-hint' }, 'No comparisons in the history yet.');

  const setStatus = (text: string, tone: 'idle' | 'error' = 'idle'): void => {
    setText(status, text);
    status.dataset.tone = tone;
  };
  run.addEventListener('click', () => {
    const errors = [a.error(), b.error()].filter((e): e is string => e !== undefined);
    if (errors.length) return setStatus(errors.join(' '), 'error');
    o.onRun([a.value(), b.value()]);
  });

  const el = h(
    'section',
    {
      class: 'compare-panel',
      id: 'compare-panel',
      'aria-labelledby': 'compare-heading',
      'data-testid': 'compare-panel',
    },
    h('h2', { id: 'compare-heading' }, 'Compare strategies'),
    h(
      'p',
      { class: 'field-hint' },
      'Runs the task above with strategy A, then with B, as two sessions in the history. Stop ends the one running and skips the rest.',
    ),
    a.el,
    b.el,
    h('div', { class: 'compare-actions' }, run),
    status,
    result,
    said,
    h('h3', null, 'Past comparisons'),
    pastEmpty,
    pastList,
  );

  return {
    el,
    show(caption, runs) {
      const sides = runs.map(summarize);
      clear(result);
      result.append(compareTable(caption, sides, o.onOpen));
      setText(said, verdict(sides));
    },
    setPast(list) {
      pastEmpty.hidden = list.length > 0;
      pastList.replaceChildren(
        ...list.map((c) =>
          h(
            'li',
            { 'data-id': c.id },
            h(
              'button',
              { type: 'button', class: 'compare-past-open', on: { click: () => o.onShowPast(c.id) } },
              comparisonLabel(c),
            ),
            h('span', { class: 'compare-past-time' }, formatTime(c.createdAt)),
          ),
        ),
      );
    },
    setStatus,
    setBusy(busy) {
      a.setDisabled(busy);
      b.setDisabled(busy);
      run.disabled = busy;
    },
  };
}
