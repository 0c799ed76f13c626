// Student mode: pick an exercise, write code, run the visible tests (hidden ones as counts),
// unlock hints by failing, reset to the starter, export results. Progress is kept per exercise.
import { hintState } from '../../classroom/hints.ts';
import { practiceRun, type PracticeOutcome } from '../../classroom/practice.ts';
import { type Pack, type PackExercise } from '../../classroom/types.ts';
import type { Runtime } from '../../shared/run.ts';
import { progressKey, type ClassroomStore, type ExerciseProgress } from '../../store/classroom-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { plural } from '../../shared/format.ts';
import { mountEditor, type Editor } from '../editor/editor.ts';
import { mountAssistantPanel } from './assistant-panel.ts';
import { exportResults } from './export.ts';
import type { ClassroomModels } from './models.ts';

export interface StudentViewOptions {
  pack: Pack;
  hash: string;
  runtime: Runtime;
  store?: ClassroomStore;
  models: ClassroomModels;
}

function fresh(pack: Pack, hash: string, ex: PackExercise): ExerciseProgress {
  return {
    key: progressKey(pack.id, ex.id),
    packId: pack.id,
    packHash: hash,
    exerciseId: ex.id,
    code: ex.starter,
    runs: 0,
    failures: 0,
    visible: { passed: 0, total: ex.tests.length },
    hidden: { passed: 0, total: ex.hiddenTests.length },
    exchanges: [],
    updatedAt: Date.now(),
  };
}

export function mountStudentView(root: HTMLElement, opts: StudentViewOptions): void {
  const { pack, hash, runtime, store } = opts;
  const progress = new Map<string, ExerciseProgress>();
  /** Each exercise's last run in this page: the assistant sees its visible failures. */
  const lastRuns = new Map<string, PracticeOutcome>();
  let current: PackExercise = pack.exercises[0]!;
  let editor: Editor | undefined;
  let running = false;

  const list = h('ol', { class: 'classroom-exercises' });
  const title = h('h2', { id: 'exercise-title', tabindex: '-1' });
  const statement = h('div', { class: 'classroom-statement' });
  const editorBox = h('div', { class: 'classroom-editor' });
  const runButton = h('button', { type: 'button', on: { click: () => void run() } }, 'Run tests');
  const resetButton = h('button', { type: 'button', on: { click: () => reset() } }, 'Reset to starter');
  const summary = h('p', { role: 'status', 'aria-live': 'polite', class: 'classroom-summary' });
  const results = h('ul', { class: 'classroom-results', 'aria-label': 'Visible tests' });
  const hiddenLine = h('p', { class: 'classroom-hidden' });
  const hints = h('section', { class: 'classroom-hints', 'aria-label': 'Hints' });
  const assistant = h('section', { class: 'classroom-assistant', 'aria-label': 'Assistant' });
  const nameInput = h('input', { type: 'text', id: 'student-name', autocomplete: 'name' });
  const exportButton = h('button', { type: 'button', on: { click: () => void doExport() } }, 'Export results');

  append(
    root,
    h(
      'section',
      { class: 'classroom', 'aria-labelledby': 'pack-title' },
      h(
        'header',
        null,
        h('h1', { id: 'pack-title' }, pack.title),
        h('p', null, `Version ${pack.version} · pack ${hash} · ${pack.license}`),
      ),
      h('nav', { 'aria-label': 'Exercises' }, list),
      h(
        'main',
        null,
        title,
        statement,
        editorBox,
        h('div', { class: 'classroom-actions' }, runButton, resetButton),
        summary,
        results,
        hiddenLine,
        hints,
        assistant,
        h('p', null, h('label', { for: 'student-name' }, 'Your name '), nameInput, ' ', exportButton),
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
    void store?.put(p).catch(() => undefined);
  };

  function renderList(): void {
    clear(list);
    for (const ex of pack.exercises) {
      const p = progress.get(ex.id);
      const done = p && p.runs > 0 && p.visible.passed === p.visible.total && p.hidden.passed === p.hidden.total;
      append(
        list,
        h(
          'li',
          null,
          h(
            'button',
            { type: 'button', 'aria-current': ex === current ? 'true' : undefined, on: { click: () => select(ex) } },
            ex.title,
            done ? ' ✓' : '',
          ),
        ),
      );
    }
  }

  function renderHints(p: ExerciseProgress): void {
    clear(hints);
    const state = hintState(current, p.failures);
    append(hints, h('h3', null, 'Hints'));
    if (state.unlocked.length) append(hints, h('ol', null, ...state.unlocked.map((x) => h('li', null, x.text))));
    if (state.nextAfter !== undefined)
      append(hints, h('p', null, `A hint unlocks after ${plural(state.nextAfter, 'more failed run')}.`));
    else if (!state.unlocked.length) append(hints, h('p', null, 'This exercise has no hints.'));
  }

  function renderOutcome(o: PracticeOutcome | undefined, p: ExerciseProgress): void {
    clear(results);
    for (const v of o?.visible ?? []) {
      const label = v.status === 'pass' ? 'passed' : v.status === 'fail' ? 'failed' : 'error';
      append(
        results,
        h('li', { data: { status: v.status } }, `${v.name}: ${label}`, v.message ? ` — ${v.message}` : ''),
      );
    }
    const n = current.hiddenTests.length;
    setText(
      hiddenLine,
      n === 0 ? '' : `${plural(n, 'more check')}, not shown${p.runs > 0 ? `: ${p.hidden.passed} of ${n} passed` : ''}.`,
    );
  }

  function select(ex: PackExercise): void {
    current = ex;
    const p = progressOf(ex);
    setText(title, ex.title);
    setText(statement, ex.statement);
    editor?.dispose();
    clear(editorBox);
    editor = mountEditor(editorBox, {
      doc: p.code,
      label: `Your code for ${ex.title}`,
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
    setText(summary, 'Code reset to the starter.');
  }

  async function run(): Promise<void> {
    if (running || !editor) return;
    running = true;
    runButton.disabled = true;
    const ex = current;
    const p = progressOf(ex);
    p.code = editor.getValue();
    setText(summary, 'Running the tests…');
    try {
      const o = await practiceRun(runtime, ex, p.code);
      p.runs++;
      if (!o.passed) p.failures++;
      p.visible = { passed: o.visible.filter((v) => v.status === 'pass').length, total: o.visible.length };
      p.hidden = o.hidden;
      lastRuns.set(ex.id, o);
      save(p);
      if (ex !== current) return;
      const vis = `${p.visible.passed} of ${p.visible.total} visible tests passed`;
      const hid = o.hidden.total ? `, ${o.hidden.passed} of ${o.hidden.total} more checks passed` : '';
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

  void (async () => {
    for (const p of (await store?.forPack(pack.id).catch(() => [])) ?? []) progress.set(p.exerciseId, p);
    select(current);
  })();
}
