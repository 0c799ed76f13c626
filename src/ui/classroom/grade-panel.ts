// Grading in the page: students' results files (dropped or picked) graded against the teacher's
// copy of the pack with the same grading and the same rows and CSV as `fixpoint grade`.
import { gradesCsv, type GradedRow, type Submission } from '../../classroom/grading.ts';
import { gradeInRuntime } from '../../classroom/grade-runtime.ts';
import { parseSubmissions, studentClashes } from '../../classroom/results.ts';
import type { Pack } from '../../classroom/types.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { PAGE_FILE_LIMIT, readCappedText } from '../../shared/read-capped.ts';
import type { Runtime } from '../../shared/runtime.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { plural } from '../../shared/format.ts';
import { download, safeName } from './download.ts';

export function mountGradePanel(root: HTMLElement, deps: { runtime: Runtime; pack(): Pack | undefined }): void {
  const input = h('input', {
    type: 'file',
    id: 'grade-files',
    multiple: true,
    accept: '.json,.jsonl,application/json',
  });
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'grade-status' });
  // Rows in one student's name from more than one file: the later replace the earlier in the CSV.
  const warnings = h('ul', { class: 'grade-warnings', 'aria-label': 'Warnings' });
  const table = h('table', { class: 'grade-table' });
  const csvButton = h('button', { type: 'button', disabled: true }, 'Download grades (CSV)');
  const rowsButton = h('button', { type: 'button', disabled: true }, 'Download rows (JSONL)');
  const drop = h(
    'div',
    { class: 'grade-drop' },
    h('label', { for: 'grade-files' }, 'Results files to grade (or drop them here) '),
    input,
  );
  append(root, h('h2', null, 'Grade results'), drop, h('p', null, csvButton, ' ', rowsButton), status, warnings, table);

  let graded: { pack: Pack; rows: GradedRow[] } | undefined;
  let busy = false;

  input.addEventListener('change', () => void grade(Array.from(input.files ?? [])));
  drop.addEventListener('dragover', (e) => e.preventDefault());
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    void grade(Array.from(e.dataTransfer?.files ?? []));
  });
  csvButton.addEventListener('click', () => {
    if (graded) download(gradesCsv(graded.pack, graded.rows), `${safeName(graded.pack.id)}-grades.csv`, 'text/csv');
  });
  rowsButton.addEventListener('click', () => {
    if (!graded) return;
    const text = graded.rows.map((r) => `${JSON.stringify(r)}\n`).join('');
    download(text, `${safeName(graded.pack.id)}-grades.jsonl`, 'application/x-ndjson');
  });

  function render(pack: Pack, rows: GradedRow[]): void {
    clear(table);
    append(
      table,
      h('caption', null, 'Grades per submission'),
      h('tr', null, ...['Student', 'Exercise', 'Status', 'Points', 'Tests'].map((t) => h('th', { scope: 'col' }, t))),
      ...rows.map((r) =>
        h(
          'tr',
          null,
          h('td', null, r.student),
          h('td', null, r.exercise),
          h('td', null, r.status),
          h('td', null, `${r.points} / ${r.max_points}`),
          h('td', null, r.tests.map((t) => `${t.name}${t.hidden ? ' (hidden)' : ''}: ${t.status}`).join('; ')),
        ),
      ),
    );
    graded = { pack, rows };
  }

  async function grade(files: File[]): Promise<void> {
    if (busy || files.length === 0) return;
    const pack = deps.pack();
    if (!pack) return setText(status, 'The pack has problems: check it first, then grade.');
    busy = true;
    csvButton.disabled = rowsButton.disabled = true;
    clear(warnings);
    try {
      const subs: Submission[] = [];
      for (const f of files) {
        subs.push(...parseSubmissions(await readCappedText(f.stream(), f.name, PAGE_FILE_LIMIT), f.name, pack));
      }
      append(warnings, ...studentClashes(subs).map((clash) => h('li', null, `Warning: ${clash}.`)));
      setText(status, `Grading ${plural(subs.length, 'submission')}…`);
      const rows = await gradeInRuntime(deps.runtime, pack, subs, (_r, i) =>
        setText(status, `Grading: ${i + 1} of ${subs.length} done…`),
      );
      render(pack, rows);
      const students = new Set(rows.map((r) => r.student)).size;
      setText(status, `Graded ${plural(rows.length, 'submission')} from ${plural(students, 'student')}.`);
      csvButton.disabled = rowsButton.disabled = false;
    } catch (err) {
      setText(status, `Not graded: ${errorMessage(err)}`);
    } finally {
      busy = false;
      input.value = '';
    }
  }
}
