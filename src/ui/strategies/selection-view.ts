// The samples a selection round (best-of-n, codet) drew: each sample's tests passed, its group,
// its code and which one was chosen; the groups with their sizes; why; and for codet the tests the
// model wrote, which samples pass each, and the ones flagged as suspect.
import type { Selection } from '../../shared/selection.ts';
import { h } from '../common/dom.ts';
import {
  droppedLine,
  groupLines,
  inputsLine,
  visibleHeading,
  sampleLines,
  selectionHeading,
  suspectText,
  testLines,
} from './selection-text.ts';

/** A table that may be wider than the panel scrolls by itself, and so takes focus to scroll by keys. */
const scroller = (label: string, table: HTMLTableElement): HTMLElement =>
  h('div', { class: 'strategy-scroll', tabindex: 0, role: 'region', 'aria-label': label }, table);

const th = (text: string): HTMLTableCellElement => h('th', { scope: 'col' }, text);

function samplesTable(sel: Selection): HTMLElement {
  // Each sample's code opens on a row of its own under the sample, the table's full width: in a
  // column of its own it was squeezed into a fifth of the panel.
  const rows = sampleLines(sel).flatMap((s) => [
    h(
      'tr',
      { class: s.chosen ? 'chosen' : undefined, 'data-testid': 'sample', data: { sample: String(s.number) } },
      h('th', { scope: 'row' }, `Sample ${s.number}`),
      h('td', { class: 'num' }, s.tests),
      h('td', null, s.outcome),
      h('td', { 'data-testid': 'sample-group' }, s.group),
      h('td', null, s.chosen ? h('strong', { 'data-testid': 'sample-chosen' }, 'chosen') : ''),
    ),
    h(
      'tr',
      { class: `strategy-code-row${s.chosen ? ' chosen' : ''}`, 'data-testid': 'sample-code' },
      h(
        'td',
        { colspan: 5 },
        s.code === undefined
          ? `No code came back for sample ${s.number}.`
          : h(
              'details',
              { class: 'strategy-code' },
              h('summary', null, `Code of sample ${s.number}`),
              h('pre', { tabindex: 0 }, s.code),
            ),
      ),
    ),
  ]);
  const table = h(
    'table',
    { class: 'strategy-table', 'data-testid': 'samples' },
    h('caption', { class: 'visually-hidden' }, 'Samples drawn for this attempt'),
    h('thead', null, h('tr', null, th('Sample'), th(visibleHeading(sel)), th('Outcome'), th('Group'), th('Chosen'))),
    h('tbody', null, ...rows),
  );
  return scroller('Samples table', table);
}

function testsTable(sel: Selection): HTMLElement {
  const rows = testLines(sel).map((t) =>
    h(
      'tr',
      { class: t.suspect ? 'suspect' : undefined, 'data-testid': 'selection-test' },
      h('th', { scope: 'row' }, `Test ${t.number}`),
      h('td', null, h('code', null, t.source)),
      h('td', null, t.passedByText),
      h('td', null, t.suspect ? h('strong', { 'data-testid': 'suspect' }, suspectText(t.suspect)) : ''),
    ),
  );
  const table = h(
    'table',
    { class: 'strategy-table' },
    h('caption', { class: 'visually-hidden' }, 'Tests the model wrote, and the samples that pass each'),
    h('thead', null, h('tr', null, th('Test'), th('Source'), th('Passed by'), th('Flag'))),
    h('tbody', null, ...rows),
  );
  return scroller('Generated tests table', table);
}

export function selectionView(sel: Selection): HTMLElement {
  const groups = groupLines(sel);
  const inputs = inputsLine(sel);
  const dropped = droppedLine(sel);
  const tests = sel.tests;
  return h(
    'section',
    { class: 'strategy-selection', 'aria-labelledby': 'strategy-samples-heading', 'data-testid': 'selection' },
    h('h3', { id: 'strategy-samples-heading' }, `Samples: ${selectionHeading(sel)}`),
    h('p', { class: 'strategy-why', 'data-testid': 'selection-why' }, sel.why),
    samplesTable(sel),
    h('h4', null, 'Groups'),
    groups.length === 0
      ? h('p', null, 'No sample passed the visible tests, so none was grouped.')
      : h(
          'ol',
          { class: 'strategy-groups', 'data-testid': 'groups' },
          ...groups.map((g) => h('li', { class: g.chosen ? 'chosen' : undefined }, g.text)),
        ),
    inputs && h('p', { 'data-testid': 'selection-inputs' }, inputs),
    dropped && h('p', { 'data-testid': 'selection-dropped' }, dropped),
    tests !== undefined && h('h4', null, `Generated tests (${tests.length})`),
    tests !== undefined && (tests.length === 0 ? h('p', null, 'The samples wrote no usable tests.') : testsTable(sel)),
  );
}
