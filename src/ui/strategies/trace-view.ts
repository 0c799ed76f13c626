// A run's trace in the feedback pane: the first failing test, then each step as a table row
// (line, code, event, variables; a folded loop says how often it ran), then what was left out.
import type { RunTrace } from '../../shared/run.ts';
import { h } from '../common/dom.ts';
import { traceNotes, traceRows, type TraceContext } from './trace-rows.ts';

const th = (text: string): HTMLTableCellElement => h('th', { scope: 'col' }, text);

export function traceView(trace: RunTrace, ctx: TraceContext): HTMLElement {
  const rows = traceRows(trace, ctx).map((r) =>
    h(
      'tr',
      { 'data-testid': 'trace-step', class: r.folded ? 'folded' : undefined },
      h('td', { class: 'num' }, r.step),
      h('td', { class: 'num' }, r.line),
      h('td', null, r.code && h('code', null, r.code)),
      h('td', null, r.event),
      h(
        'td',
        { class: 'strategy-values' },
        r.values,
        r.folded && h('span', { class: 'strategy-note strategy-folded' }, r.folded),
      ),
    ),
  );
  const table = h(
    'table',
    { class: 'strategy-table' },
    h('caption', { class: 'visually-hidden' }, 'Steps of the traced test, with the values of the variables'),
    h('thead', null, h('tr', null, th('Step'), th('Line'), th('Code'), th('Event'), th('Variables or value'))),
    h('tbody', null, ...rows),
  );
  return h(
    'section',
    { class: 'strategy-trace', 'aria-labelledby': 'strategy-trace-heading', 'data-testid': 'trace' },
    h('h3', { id: 'strategy-trace-heading' }, 'What the code did in the first failing test'),
    h('p', null, h('code', { 'data-testid': 'trace-test' }, trace.test)),
    rows.length === 0
      ? h('p', null, 'The trace recorded no steps in the code.')
      : h('div', { class: 'strategy-scroll tall', tabindex: 0, role: 'region', 'aria-label': 'Trace steps' }, table),
    ...traceNotes(trace).map((n) => h('p', { class: 'strategy-note', 'data-testid': 'trace-note' }, n)),
  );
}
