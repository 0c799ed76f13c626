// Teacher mode: write or edit a pack in the page, then check it, try an exercise with the model,
// draft hints, export the file and make share links. Everything edits a raw copy of the pack;
// it is read as a pack (with every problem named) only when it is checked, exported or shared.
// That raw copy is the draft kept in this browser as it is edited, until it is discarded.
import type { CheckFinding } from '../../classroom/check.ts';
import type { Runtime } from '../../shared/run.ts';
import type { TeacherDraftStore } from '../../store/teacher-draft-store.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { createDraftSaver } from './draft-saver.ts';
import { blankExercise } from './new-pack.ts';
import { mountExerciseForm, type Raw } from './exercise-form.ts';
import type { ClassroomModels } from './models.ts';
import { mountGradePanel } from './grade-panel.ts';
import {
  checkDraft,
  draftHints,
  exportDraft,
  readDraft,
  shareLink,
  tryWithModel,
  type TeacherDeps,
} from './teacher-actions.ts';

const PACK_FIELDS = [
  ['id', 'Pack id'],
  ['title', 'Pack title'],
  ['version', 'Version'],
  ['license', 'Licence'],
] as const;

export interface TeacherViewOptions {
  /** The pack to edit, raw: a restored draft may not be a valid pack yet. */
  draft: Raw;
  fileName: string;
  runtime: Runtime;
  models: ClassroomModels;
  /** Where the draft is kept; undefined when storage is not available (`storeProblem` says why). */
  store?: TeacherDraftStore;
  storeProblem?: string;
  /** Set when the draft was restored: it is stored already, as saved then. */
  restoredAt?: number;
  /** The draft was discarded: the view is to be replaced. */
  onDiscard(): void;
}

export function mountTeacherView(root: HTMLElement, opts: TeacherViewOptions): void {
  const draft = structuredClone(opts.draft);
  const exercises = (): Raw[] => draft.exercises as Raw[];
  let current = 0;
  const deps: TeacherDeps = {
    runtime: opts.runtime,
    models: opts.models,
    draft: () => draft,
    fileName: () => opts.fileName,
  };

  const list = h('ol', { class: 'teacher-exercises' });
  const exTitle = h('h2', { id: 'teacher-exercise-title', tabindex: '-1' });
  const form = h('div', { class: 'teacher-form' });
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'teacher-status' });
  const findings = h('ul', { class: 'teacher-findings', 'aria-label': 'Findings' });
  const linkOut = h('input', { id: 'teacher-link', type: 'text', readonly: true, class: 'teacher-link' });
  const button = (label: string, fn: () => unknown): HTMLButtonElement =>
    h('button', { type: 'button', on: { click: () => void fn() } }, label);
  const saver = createDraftSaver(opts.store, () => ({ pack: draft, fileName: opts.fileName }), {
    unavailable: opts.storeProblem,
    restoredAt: opts.restoredAt,
    onDiscarded: () => opts.onDiscard(),
  });
  const busyButtons: HTMLButtonElement[] = [];
  const grading = h('section', { class: 'teacher-grading', 'aria-label': 'Grading' });
  mountGradePanel(grading, {
    runtime: opts.runtime,
    pack: () => {
      const read = readDraft(deps);
      return 'pack' in read ? read.pack : undefined;
    },
  });
  const action = (label: string, fn: () => Promise<void>): HTMLButtonElement => {
    const b = button(label, async () => {
      if (busyButtons.some((x) => x.disabled)) return;
      busyButtons.forEach((x) => (x.disabled = true));
      try {
        await fn();
      } catch (err) {
        setText(status, errorMessage(err));
      } finally {
        busyButtons.forEach((x) => (x.disabled = false));
      }
    });
    busyButtons.push(b);
    return b;
  };

  const meta = PACK_FIELDS.map(([key, label]) => {
    const input = h('input', { id: `pack-${key}`, type: 'text' });
    input.value = typeof draft[key] === 'string' ? draft[key] : '';
    input.addEventListener('input', () => {
      draft[key] = input.value;
      saver.changed();
    });
    return h('p', { class: 'teacher-field' }, h('label', { for: `pack-${key}` }, label), input);
  });

  function showFindings(all: CheckFinding[]): void {
    clear(findings);
    const order = { problem: 0, warning: 1, ok: 2 } as const;
    for (const f of [...all].sort((a, b) => order[a.kind] - order[b.kind])) {
      const word = f.kind === 'problem' ? 'Problem' : f.kind === 'warning' ? 'Warning' : 'OK';
      append(findings, h('li', { data: { kind: f.kind } }, `${word}: ${f.text}`));
    }
  }

  append(
    root,
    h(
      'section',
      { class: 'classroom teacher', 'aria-labelledby': 'teacher-title' },
      h(
        'header',
        null,
        h('h1', { id: 'teacher-title' }, 'Teacher: write and check a pack'),
        saver.status,
        saver.controls,
      ),
      h('section', { 'aria-label': 'Pack details' }, ...meta),
      h(
        'nav',
        { 'aria-label': 'Exercises' },
        list,
        button('Add an exercise', () => {
          exercises().push(blankExercise(exercises().length + 1));
          select(exercises().length - 1);
          saver.changed();
        }),
      ),
      h(
        'main',
        null,
        exTitle,
        form,
        h(
          'p',
          null,
          button('Remove this exercise', () => {
            if (exercises().length <= 1) return setText(status, 'A pack needs at least one exercise.');
            exercises().splice(current, 1);
            select(Math.min(current, exercises().length - 1));
            saver.changed();
          }),
        ),
        h('h2', null, 'Check, try and share'),
        h(
          'div',
          { class: 'teacher-actions' },
          action('Check the pack', async () => {
            setText(status, 'Checking: running each solution and starter against its tests…');
            clear(findings);
            const seen: CheckFinding[] = [];
            const all = await checkDraft(deps, (f) => (seen.push(f), showFindings(seen)));
            const problems = all.filter((f) => f.kind === 'problem').length;
            setText(
              status,
              problems
                ? `Check done: ${problems} problem${problems === 1 ? '' : 's'}.`
                : 'Check done: every solution passes all its tests.',
            );
          }),
          action('Try this exercise with the model', async () => {
            setText(status, `Running the loop with ${opts.models.label()}…`);
            setText(status, `${await tryWithModel(deps, current)}.`);
          }),
          action('Draft hints with the model', async () => {
            setText(status, 'Asking the model for hints…');
            const n = await draftHints(deps, current);
            select(current);
            saver.changed();
            setText(status, `${n} hint${n === 1 ? '' : 's'} drafted: read them in the Hints field before sharing.`);
          }),
          action('Export the pack', () => {
            const problems = exportDraft(deps);
            showFindings(problems);
            setText(status, problems.length ? 'Not exported: fix the problems listed.' : 'Pack exported.');
            return Promise.resolve();
          }),
          action('Make a student link', async () => link(false)),
          action('Make a teacher link', async () => link(true)),
        ),
        status,
        findings,
        h('p', null, h('label', { for: 'teacher-link' }, 'Share link'), linkOut),
        grading,
      ),
    ),
  );

  async function link(solutions: boolean): Promise<void> {
    const r = await shareLink(deps, solutions);
    linkOut.value = r.url ?? '';
    setText(status, r.message);
  }

  function renderList(): void {
    clear(list);
    exercises().forEach((ex, i) => {
      const label = typeof ex.title === 'string' && ex.title.trim() ? ex.title : `Exercise ${i + 1}`;
      append(
        list,
        h(
          'li',
          null,
          h(
            'button',
            { type: 'button', 'aria-current': i === current ? 'true' : undefined, on: { click: () => select(i) } },
            label,
          ),
        ),
      );
    });
  }

  function select(i: number): void {
    current = i;
    const ex = exercises()[i]!;
    setText(exTitle, `Exercise ${i + 1}`);
    clear(form);
    mountExerciseForm(form, ex, () => {
      renderList();
      saver.changed();
    });
    renderList();
    exTitle.focus();
  }

  select(0);
}
