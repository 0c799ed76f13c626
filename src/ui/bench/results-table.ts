// One row per finished task (and sample): verdict at the first attempt and at the end,
// iterations, tokens and time, sortable by any column and filtered by outcome. A row whose
// session is in the history opens it.
import type { BenchResult } from '../../shared/bench-records.ts';
import { flaggedPass, passedFirst, tokensOf } from '../../shared/bench-rows.ts';
import { h, setText } from '../common/dom.ts';
import { formatCount, formatDuration } from '../common/format.ts';

type Filter = 'all' | 'passed' | 'failed' | 'repaired' | 'first' | 'flagged';
type Column = 'task' | 'first' | 'final' | 'iterations' | 'tokens' | 'time';

const COLUMNS: { id: Column; label: string }[] = [
  { id: 'task', label: 'Task' },
  { id: 'first', label: 'First attempt' },
  { id: 'final', label: 'Final' },
  { id: 'iterations', label: 'Iterations' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'time', label: 'Time' },
];

const FILTERS: Record<Filter, (r: BenchResult) => boolean> = {
  all: () => true,
  passed: (r) => r.row.passed,
  failed: (r) => !r.row.passed,
  first: (r) => passedFirst(r.row),
  repaired: (r) => r.row.passed && !passedFirst(r.row),
  flagged: (r) => flaggedPass(r.row),
};

function sortKey(r: BenchResult, c: Column): number {
  switch (c) {
    case 'task':
      return 0;
    case 'first':
      return passedFirst(r.row) ? 1 : 0;
    case 'final':
      return r.row.passed ? 1 : 0;
    case 'iterations':
      return r.row.iterations;
    case 'tokens':
      return tokensOf(r.row);
    case 'time':
      return r.row.elapsed_ms ?? 0;
  }
}

/** A flagged pass passed its tests but is not counted as solved (docs/test-gaming.md). */
const verdict = (ok: boolean, flagged = false): HTMLElement => {
  const word = ok ? 'passed' : flagged ? 'flagged' : 'failed';
  return h('span', { class: 'bench-verdict', data: { tone: word } }, word);
};

export interface ResultsTable {
  element: HTMLElement;
  set(results: readonly BenchResult[]): void;
  /** The tasks in flight, each a row that says it is running. */
  setRunning(names: readonly string[]): void;
}

export function mountResultsTable(onOpen: (sessionId: string) => void): ResultsTable {
  let results: readonly BenchResult[] = [];
  let sortBy: Column = 'task';
  let ascending = true;
  const filter = h(
    'select',
    { 'data-testid': 'bench-filter', 'aria-label': 'Show' },
    h('option', { value: 'all' }, 'All tasks'),
    h('option', { value: 'passed' }, 'Passed'),
    h('option', { value: 'failed' }, 'Failed'),
    h('option', { value: 'first' }, 'Passed at the first attempt'),
    h('option', { value: 'repaired' }, 'Passed after repair'),
    h('option', { value: 'flagged' }, 'Flagged passes (not counted)'),
  );
  const count = h('span', { class: 'bench-count', 'data-testid': 'bench-row-count' });
  const body = h('tbody');
  // Tasks in flight, above the finished ones: each says it is running until its row replaces it.
  const runningBody = h('tbody', { class: 'bench-running' });
  const headers = COLUMNS.map((c) =>
    h(
      'th',
      { scope: 'col', 'aria-sort': 'none' },
      h('button', { type: 'button', on: { click: () => sort(c.id) }, data: { column: c.id } }, c.label),
    ),
  );
  const table = h(
    'table',
    { class: 'bench-table', 'data-testid': 'bench-results' },
    h('caption', { class: 'visually-hidden' }, 'Results per task; a row opens the task’s session.'),
    h('thead', null, h('tr', null, ...headers)),
    runningBody,
    body,
  );

  const built = new WeakMap<BenchResult, HTMLTableRowElement>();
  const rowOf = (r: BenchResult): HTMLTableRowElement => {
    const known = built.get(r);
    if (known) return known;
    const name = r.row.sample === undefined ? String(r.row.task_id) : `${r.row.task_id} (sample ${r.row.sample + 1})`;
    const open = r.sessionId;
    const tr = h(
      'tr',
      { 'data-testid': 'bench-row', data: { key: r.key, passed: String(r.row.passed) } },
      h(
        'td',
        null,
        open
          ? h(
              'button',
              { type: 'button', class: 'link', on: { click: () => onOpen(open) }, title: 'Open the session' },
              name,
            )
          : name,
      ),
      h('td', null, verdict(passedFirst(r.row))),
      h('td', null, verdict(r.row.passed, flaggedPass(r.row))),
      // Iterations count attempts whose code ran: none ran when no code came back.
      h('td', null, r.row.iterations === 0 ? 'no code came back' : r.row.iterations),
      h('td', null, formatCount(tokensOf(r.row))),
      h('td', null, r.row.elapsed_ms === undefined ? '—' : formatDuration(r.row.elapsed_ms)),
    );
    built.set(r, tr);
    return tr;
  };

  const render = (): void => {
    const shown = results.filter(FILTERS[filter.value as Filter]);
    const dir = ascending ? 1 : -1;
    // Task names in natural order: HumanEval/2 before HumanEval/10.
    const byName = (a: BenchResult, b: BenchResult): number => a.key.localeCompare(b.key, undefined, { numeric: true });
    shown.sort((a, b) => {
      const x = sortKey(a, sortBy);
      const y = sortKey(b, sortBy);
      return (sortBy === 'task' || x === y ? byName(a, b) : x < y ? -1 : 1) * dir;
    });
    headers.forEach((th, i) =>
      th.setAttribute('aria-sort', COLUMNS[i]!.id === sortBy ? (ascending ? 'ascending' : 'descending') : 'none'),
    );
    // Rows are built once per result and moved, never rebuilt: a table of hundreds of rows built
    // anew every second of a run lays the whole page out again each time.
    let cursor = body.firstElementChild;
    for (const r of shown) {
      const tr = rowOf(r);
      if (tr === cursor) cursor = cursor.nextElementSibling;
      else body.insertBefore(tr, cursor);
    }
    while (cursor) {
      const next = cursor.nextElementSibling;
      cursor.remove();
      cursor = next;
    }
    setText(count, `${shown.length} of ${results.length} rows`);
  };
  const sort = (c: Column): void => {
    ascending = sortBy === c ? !ascending : true;
    sortBy = c;
    render();
  };
  filter.addEventListener('change', render);

  return {
    element: h(
      'section',
      { class: 'bench-results', 'aria-label': 'Results' },
      h('div', null, filter, ' ', count),
      table,
    ),
    set(next) {
      results = next;
      render();
    },
    setRunning(names) {
      runningBody.replaceChildren(
        ...names.map((n) =>
          h(
            'tr',
            { 'data-testid': 'bench-row-running' },
            h('td', null, n),
            h('td', { colspan: COLUMNS.length - 1 }, h('span', { class: 'bench-in-progress' }, 'running…')),
          ),
        ),
      );
    },
  };
}
