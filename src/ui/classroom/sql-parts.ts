// A SQL exercise in the student view: each visible database's tables with their rows (read from
// the database in the sandbox), and after a run the student's result beside the expected one on
// each visible database. Hidden databases are never read here: only their counts are shown.
import type { PracticeOutcome } from '../../classroom/practice.ts';
import type { SqlRunner } from '../../classroom/sql-exercise.ts';
import { sqlTestJob } from '../../classroom/sql-exercise.ts';
import type { PackExercise } from '../../classroom/types.ts';
import { schemaQuery, tablesOf } from '../../kinds/sql/prompt.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { resultTable } from '../kinds/sql/result-table.ts';

/** Rows shown of each table of a visible database. */
const TABLE_ROWS = 50;

const allRows = (table: string): string => `SELECT * FROM "${table.replaceAll('"', '""')}"`;

/** Fills `host` with the tables of each visible database; a later call for another exercise wins. */
export async function showDatabases(host: HTMLElement, sql: SqlRunner, ex: PackExercise): Promise<void> {
  clear(host);
  const note = h('p', { class: 'classroom-sql-note' }, 'Reading the database…');
  append(host, note);
  const parts: HTMLElement[] = [];
  for (const test of ex.tests) {
    // The schema query in place of the student's: the job builder's database key and engine.
    const job = sqlTestJob(ex, test, '');
    const [schema] = await sql.run({ ...job, queries: [schemaQuery(job.engine)] });
    const tables = tablesOf(schema!);
    const answers = tables.length
      ? await sql.run({ ...job, maxRows: TABLE_ROWS, queries: tables.map((t) => allRows(t.name)) })
      : [];
    const heading = ex.tests.length > 1 ? h('h4', null, test.name) : null;
    const figures = tables.map((t, i) => {
      const fig = resultTable(t.name, answers[i], 'sql-table');
      fig.classList.add('classroom-sql-table');
      return fig;
    });
    if (schema?.kind === 'error') figures.push(h('p', { class: 'sql-error' }, schema.message));
    parts.push(h('div', { class: 'classroom-sql-database' }, heading, h('div', { class: 'sql-results' }, ...figures)));
  }
  if (!host.contains(note)) return;
  setText(note, '');
  note.remove();
  append(host, ...parts);
}

/** The student's result beside the expected one, on each visible database. */
export function sqlOutcome(host: HTMLElement, o: PracticeOutcome | undefined): void {
  clear(host);
  for (const t of o?.sql ?? [])
    append(
      host,
      h(
        'div',
        { class: 'sql-results', 'aria-label': `Results on ${t.name}`, role: 'group' },
        resultTable('Your result', t.got, 'sql-result-candidate'),
        resultTable('Expected', t.expected, 'sql-result-expected'),
      ),
    );
}
