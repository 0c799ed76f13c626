// Two runs side by side, task by task: what one solved and the other did not.
import { differences } from '../../shared/bench-summary.ts';
import type { RunRow } from '../../shared/bench-rows.ts';
import { h } from '../common/dom.ts';
import { fullTitle } from './plot-specs.ts';
import { plural } from '../../shared/format.ts';

export function compareTable(labelA: string, labelB: string, a: readonly RunRow[], b: readonly RunRow[]): HTMLElement {
  const diff = differences(a, b);
  const onlyA = diff.filter((d) => d.a).length;
  const text = `${labelA} solved ${plural(onlyA, 'task')} that ${labelB} did not; ${labelB} solved ${diff.length - onlyA} that ${labelA} did not.`;
  return h(
    'section',
    { class: 'bench-compare', 'data-testid': 'bench-compare', 'aria-label': 'Comparison' },
    h('p', null, text),
    diff.length
      ? h(
          'table',
          { class: 'bench-table' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', { scope: 'col' }, 'Task'),
              h('th', { scope: 'col', title: fullTitle(labelA) }, labelA),
              h('th', { scope: 'col', title: fullTitle(labelB) }, labelB),
            ),
          ),
          h(
            'tbody',
            null,
            ...diff.map((d) =>
              h(
                'tr',
                null,
                h('td', null, d.task),
                h('td', null, d.a ? 'solved' : '—'),
                h('td', null, d.b ? 'solved' : '—'),
              ),
            ),
          ),
        )
      : null,
  );
}
