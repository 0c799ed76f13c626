// Student mode: pick an exercise, write code, run the visible tests (hidden ones as counts),
// unlock hints by failing, reset to the starter, export results. Progress is kept per exercise.
import { practiceRun, type PracticeOutcome } from '../../classroom/practice.ts';
import { type Pack, type PackExercise } from '../../classroom/types.ts';
import { errorMessage } from '../../shared/error-message.ts';
import type { Runtime } from '../../shared/runtime.ts';
import { type ClassroomStore, type ExerciseProgress } from '../../store/classroom-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { mountEditor, type Editor } from '../editor/editor.ts';
import { mountAssistantPanel } from './assistant-panel.ts';
import { classroomBar } from './page-bar.ts';
import { renderStatement } from './statement.ts';
import { exerciseList, fresh, hintsPanel, outcomeLines } from './student-parts.ts';
import { exportResults } from './export.ts';
import { sqlRunnerOf } from '../../classroom/sql-exercise.ts';
import { exerciseKindOf } from '../../classroom/kinds/registry.ts';
import { showDatabases, sqlOutcome } from './sql-parts.ts';
import type { ClassroomModels } from './models.ts';

export interface StudentViewOptions {
  pack: Pack;
  hash: string;
  runtime: Runtime;
  store?: ClassroomStore;
  models: ClassroomModels;
}

export function mountStudentView(root: HTMLElement, opts: StudentViewOptions): void {
  const { pack, hash, runtime, store } = opts;
  const progress = new Map<string, ExerciseProgress>();
  /** Each exercise's last run in this page: the assistant sees its visible failures. */
  const lastRuns = new Map<string, PracticeOutcome>();
  let current: PackExercise = pack.exercises[0]!;
  let editor: Editor | undefined;
  let running = false;
  /** Said once: a failing store fails every save alike. */
  let saveFailed = false;
  /** Saved progress could not be read: nothing is written over it, since it may still be there. */
  let keepStored = false;

  const list = h('ol', { class: 'classroom-exercises' });
  const title = h('h2', { id: 'exercise-title', tabindex: '-1' });
  const statement = h('div', { class: 'classroom-statement' });
  const editorBox = h('div', { class: 'classroom-editor' });
  const runButton = h('button', { type: 'button', class: 'primary', on: { click: () => void run() } }, 'Run tests');
  const resetButton = h('button', { type: 'button', on: { click: () => reset() } }, 'Reset to starter');
  const summary = h('p', { role: 'status', 'aria-live': 'polite', class: 'classroom-summary' });
  const results = h('ul', { class: 'classroom-results', 'aria-label': 'Visible tests' });
  const hiddenLine = h('p', { class: 'classroom-hidden' });
  // A SQL exercise: the visible database's tables, and the result beside the expected one.
  const databases = h('div', { class: 'classroom-sql-databases', 'aria-label': 'The database', role: 'group' });
  const sqlResults = h('div', { class: 'classroom-sql-results' });
  const sql = sqlRunnerOf(runtime);
  const hints = h('section', { class: 'panel classroom-panel classroom-hints', 'aria-label': 'Hints' });
  const assistant = h('section', { class: 'panel classroom-panel classroom-assistant', 'aria-label': 'Assistant' });
  const nameInput = h('input', { type: 'text', id: 'student-name', autocomplete: 'name' });
  const exportButton = h('button', { type: 'button', on: { click: () => void doExport() } }, 'Export results');

  const panel = (label: string, ...children: (HTMLElement | null)[]): HTMLElement =>
    h('section', { class: 'panel classroom-panel', 'aria-label': label }, ...children);
  append(
    root,
    classroomBar('Classroom'),
    h(
      'section',
      { class: 'classroom', 'aria-labelledby': 'pack-title' },
      h(
        'header',
        { class: 'classroom-head' },
        h('h1', { id: 'pack-title' }, pack.title),
        h('p', { class: 'classroom-meta' }, `Version ${pack.version} · pack ${hash} · ${pack.license}`),
      ),
      h('nav', { 'aria-label': 'Exercises', class: 'panel classroom-nav' }, h('h2', null, 'Exercises'), list),
      h(
        'main',
        { class: 'classroom-main' },
        panel('Exercise', title, statement, databases),
        panel(
          'Your code',
          editorBox,
          h('div', { class: 'classroom-actions' }, runButton, resetButton),
          summary,
          results,
          sqlResults,
          hiddenLine,
        ),
        hints,
        assistant,
        panel(
          'Your results',
          h(
            'p',
            { class: 'classroom-export' },
            h('label', { for: 'student-name' }, 'Your name'),
            nameInput,
            exportButton,
          ),
        ),
      ),
    ),
  );

  const progressOf = (ex: PackExercise): ExerciseProgress => {
    let p = progress.get(ex.id);
    if (!p) progress.set(ex.id, (p = fresh(pack, hash, ex)));
    return p;
  };
  const save = (p: ExerciseProgress): void => {
    p.updatedAt = Date.now();
    if (keepStored) return;
    void store?.put(p).catch((err: unknown) => {
      if (saveFailed) return;
      saveFailed = true;
      setText(summary, `Your progress could not be saved in this browser (${errorMessage(err)}).`);
    });
  };

  const renderList = (): void => exerciseList(list, pack, current, progress, select);
  const renderHints = (p: ExerciseProgress): void => hintsPanel(hints, current, p);
  const renderOutcome = (o: PracticeOutcome | undefined, p: ExerciseProgress): void => {
    outcomeLines(results, hiddenLine, current, o, p);
    sqlOutcome(sqlResults, o);
  };

  function select(ex: PackExercise): void {
    current = ex;
    const p = progressOf(ex);
    setText(title, ex.title);
    renderStatement(statement, ex.statement);
    const { words, field } = exerciseKindOf(ex);
    setText(runButton, words.run);
    setText(resetButton, words.reset);
    clear(databases);
    if (field === 'sql' && sql)
      void showDatabases(databases, sql, ex).catch((err: unknown) =>
        setText(databases, `The database could not be read: ${errorMessage(err)}`),
      );
    editor?.dispose();
    clear(editorBox);
    editor = mountEditor(editorBox, {
      doc: p.code,
      label: `Your ${words.work} for ${ex.title}`,
      language: ex.language,
      onRun: () => void run(),
      onChange: (text) => {
        p.code = text;
        save(p);
      },
    });
    setText(summary, '');
    renderOutcome(undefined, p);
    renderHints(p);
    renderList();
    mountAssistantPanel(assistant, {
      packId: pack.id,
      ex,
      progress: p,
      models: opts.models,
      runtime,
      code: () => editor?.getValue() ?? p.code,
      lastRun: () => lastRuns.get(ex.id),
      save: () => save(p),
      onSolved: (code) => {
        if (current !== ex) return;
        editor?.setValue(code);
        p.code = code;
        save(p);
      },
    });
    title.focus();
  }

  function reset(): void {
    const p = progressOf(current);
    p.code = current.starter;
    editor?.setValue(current.starter);
    save(p);
    const { work } = exerciseKindOf(current).words;
    setText(summary, `${work.charAt(0).toUpperCase()}${work.slice(1)} reset to the starter.`);
  }

  async function run(): Promise<void> {
    if (running || !editor) return;
    running = true;
    runButton.disabled = true;
    const ex = current;
    const p = progressOf(ex);
    p.code = editor.getValue();
    const words = exerciseKindOf(ex).words;
    setText(summary, words.running);
    try {
      const o = await practiceRun(runtime, ex, p.code);
      p.runs++;
      if (!o.passed) p.failures++;
      p.visible = { passed: o.visible.filter((v) => v.status === 'pass').length, total: o.visible.length };
      p.hidden = o.hidden;
      lastRuns.set(ex.id, o);
      save(p);
      if (ex !== current) return;
      const vis = `${p.visible.passed} of ${p.visible.total} ${words.shown} passed`;
      const hid = o.hidden.total ? `, ${o.hidden.passed} of ${o.hidden.total} ${words.unshown} passed` : '';
      setText(summary, `${o.passed ? 'All passed. ' : ''}${vis}${hid}.`);
      renderOutcome(o, p);
      renderHints(p);
      renderList();
    } finally {
      running = false;
      runButton.disabled = false;
    }
  }

  async function doExport(): Promise<void> {
    const student = nameInput.value.trim();
    if (!student) {
      setText(summary, 'Type your name before exporting your results.');
      nameInput.focus();
      return;
    }
    exportResults(pack, hash, student, pack.exercises.map(progressOf));
    setText(summary, 'Results exported.');
  }

  // Progress that cannot be read back is said, not shown as a fresh start the student might
  // take for lost work, and not written over; the exercises stay usable and can be exported.
  void (async () => {
    let notice = store ? '' : 'Progress is not kept in this browser: its storage is not available.';
    try {
      for (const p of (await store?.forPack(pack.id)) ?? []) progress.set(p.exerciseId, p);
    } catch (err) {
      keepStored = true;
      notice =
        `Your saved progress could not be read (${errorMessage(err)}): each exercise starts from its starter code, ` +
        'and what you write now is not saved over it. Export your results to keep them.';
    }
    select(current);
    setText(summary, notice);
  })();
}
