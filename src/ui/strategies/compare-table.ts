// The side-by-side table: one column per strategy, one row per measure, so two strategies fit
// the task column. Header cells carry scope, so a screen reader says "Model calls, B: Best of N,
// 3" for a cell; a figure not recorded reads as a dash with words for screen readers.
import type { SideSummary } from './compare-model.ts';
import { h } from '../common/dom.ts';
import { formatDuration } from '../common/format.ts';

interface Measure {
  label: string;
  testid: string;
  cell(s: SideSummary): string | undefined;
}

const approx = (s: SideSummary, n: number | undefined): string | undefined =>
  n === undefined ? undefined : `${s.estimated ? '≈' : ''}${n}`;

const MEASURES: Measure[] = [
  { label: 'Result', testid: 'result', cell: (s) => s.result },
  { label: 'Attempts', testid: 'attempts', cell: (s) => s.attempts?.toString() },
  { label: 'Model calls', testid: 'model-calls', cell: (s) => s.modelCalls?.toString() },
  { label: 'Samples', testid: 'samples', cell: (s) => s.samples?.toString() },
  { label: 'Tokens in', testid: 'tokens-in', cell: (s) => approx(s, s.tokensIn) },
  { label: 'Tokens out', testid: 'tokens-out', cell: (s) => approx(s, s.tokensOut) },
  { label: 'Time', testid: 'time', cell: (s) => (s.elapsedMs === undefined ? undefined : formatDuration(s.elapsedMs)) },
  { label: 'End', testid: 'end', cell: (s) => s.end },
];

function cell(text: string | undefined): HTMLTableCellElement {
  if (text !== undefined) return h('td', null, text);
  return h(
    'td',
    null,
    h('span', { 'aria-hidden': 'true' }, '—'),
    h('span', { class: 'visually-hidden' }, 'not recorded'),
  );
}

export function compareTable(
  caption: string,
  sides: readonly SideSummary[],
  onOpen: (sessionId: string) => void,
): HTMLTableElement {
  const head = h(
    'tr',
    null,
    h('th', { scope: 'col' }, 'Measure'),
    ...sides.map((s) => h('th', { scope: 'col', 'data-side': s.letter }, `${s.letter}: ${s.strategy}`)),
  );
  const rows = MEASURES.map((m) =>
    h(
      'tr',
      { 'data-testid': `compare-${m.testid}` },
      h('th', { scope: 'row' }, m.label),
      ...sides.map((s) => {
        const td = cell(m.cell(s));
        if (m.testid === 'result') td.dataset.tone = s.result.replace(' ', '-');
        return td;
      }),
    ),
  );
  const open = h(
    'tr',
    { 'data-testid': 'compare-open' },
    h('th', { scope: 'row' }, 'Session'),
    ...sides.map((s) => {
      const id = s.sessionId;
      if (!id || s.result === 'running') return cell(s.result === 'running' ? 'running' : undefined);
      const label = `Open session ${s.letter}`;
      return h(
        'td',
        null,
        h('button', { type: 'button', class: 'compare-open', on: { click: () => onOpen(id) } }, label),
      );
    }),
  );
  return h(
    'table',
    { class: 'compare-table', 'data-testid': 'compare-table' },
    h('caption', null, caption),
    h('thead', null, head),
    h('tbody', null, ...rows, open),
  );
}
