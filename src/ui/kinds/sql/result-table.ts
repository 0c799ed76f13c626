// A query's answer as a table: its columns and rows (a bounded number), or the error, or the time-out.
import type { SqlAnswer, SqlValue } from '../../../shared/sql.ts';
import { h } from '../../common/dom.ts';

const SHOWN_ROWS = 200;

function cell(v: SqlValue): HTMLElement {
  if (v === null) return h('td', { class: 'sql-null' }, 'NULL');
  if (typeof v === 'number') return h('td', { class: 'sql-number' }, String(v));
  if (typeof v === 'string') return h('td', null, v);
  if ('int' in v) return h('td', { class: 'sql-number' }, v.int);
  return h('td', { class: 'sql-blob' }, `x'${v.blob.slice(0, 32)}${v.blob.length > 32 ? '…' : ''}'`);
}

export function resultTable(caption: string, answer: SqlAnswer | undefined, testid: string): HTMLElement {
  const box = h('figure', { class: 'sql-result', 'data-testid': testid }, h('figcaption', null, caption));
  if (!answer) return box;
  if (answer.kind === 'timed out') {
    box.append(h('p', { class: 'sql-error' }, 'Timed out: the query was stopped.'));
    return box;
  }
  if (answer.kind === 'error') {
    box.append(h('p', { class: 'sql-error' }, answer.message));
    return box;
  }
  const head = h('tr', null, ...answer.columns.map((c) => h('th', { scope: 'col' }, c)));
  const body = answer.rows.slice(0, SHOWN_ROWS).map((r) => h('tr', null, ...r.map(cell)));
  const more = answer.rows.length > SHOWN_ROWS || answer.more;
  box.append(
    h('div', { class: 'sql-table-scroll' }, h('table', null, h('thead', null, head), h('tbody', null, ...body))),
    h('p', { class: 'sql-count' }, `${answer.rows.length}${more ? '+' : ''} row${answer.rows.length === 1 ? '' : 's'}`),
  );
  return box;
}
