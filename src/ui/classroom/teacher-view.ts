// Teacher mode: write or edit a pack in the page, then check it, try an exercise with the model,
// draft hints, export the file and make share links. Everything edits a raw copy of the pack;
// it is read as a pack (with every problem named) only when it is checked, exported or shared.
// That raw copy is the draft kept in this browser as it is edited, until it is discarded.
import type { Runtime } from '../../shared/runtime.ts';
import type { TeacherDraftStore } from '../../store/teacher-draft-store.ts';
import { append, h, setText } from '../common/dom.ts';
import { createDraftSaver } from './draft-saver.ts';
import { createExerciseNav } from './exercise-nav.ts';
import type { Raw } from './exercise-form.ts';
import { mountGradePanel } from './grade-panel.ts';
import type { ClassroomModels } from './models.ts';
import { packDetails } from './pack-fields.ts';
import { classroomBar } from './page-bar.ts';
import { createActionBar } from './teacher-action-bar.ts';
import { readDraft, type TeacherDeps } from './teacher-actions.ts';

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
  /** Set when another tab has the draft, so this one must not save it: how to take it over. */
  elsewhere?: () => void;
}

export interface TeacherView {
  /** Another tab took the draft over: this one stops saving it. */
  lost(takeOver: () => void): void;
  /** The tab that had the draft let it go: say so, where this one is not saving. */
  freed(): void;
}

export function mountTeacherView(root: HTMLElement, opts: TeacherViewOptions): TeacherView {
  const draft = structuredClone(opts.draft);
  const deps: TeacherDeps = {
    runtime: opts.runtime,
    models: opts.models,
    draft: () => draft,
    fileName: () => opts.fileName,
  };
  const saver = createDraftSaver(opts.store, () => ({ pack: draft, fileName: opts.fileName }), {
    unavailable: opts.storeProblem,
    restoredAt: opts.restoredAt,
    onDiscarded: () => opts.onDiscard(),
    elsewhere: opts.elsewhere,
  });
  const changed = (): void => saver.changed();
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'teacher-status' });
  const exercises = createExerciseNav(draft, { changed, say: (text) => setText(status, text) });
  const grading = h('section', { class: 'panel classroom-panel teacher-grading', 'aria-label': 'Grading' });
  mountGradePanel(grading, {
    runtime: opts.runtime,
    pack: () => {
      const read = readDraft(deps);
      return 'pack' in read ? read.pack : undefined;
    },
  });

  append(
    root,
    classroomBar('Classroom: teacher'),
    h(
      'section',
      { class: 'classroom teacher', 'aria-labelledby': 'teacher-title' },
      h(
        'header',
        { class: 'classroom-head' },
        h('h1', { id: 'teacher-title' }, 'Teacher: write and check a pack'),
        saver.status,
        saver.controls,
      ),
      exercises.nav,
      h(
        'main',
        { class: 'classroom-main' },
        packDetails(draft, changed),
        h(
          'section',
          { class: 'panel classroom-panel', 'aria-labelledby': 'teacher-exercise-title' },
          ...exercises.parts,
        ),
        h(
          'section',
          { class: 'panel classroom-panel', 'aria-labelledby': 'teacher-share-title' },
          h('h2', { id: 'teacher-share-title' }, 'Check, try and share'),
          ...createActionBar(deps, { status, current: exercises.current, select: exercises.select, changed }),
        ),
        grading,
      ),
    ),
  );
  exercises.select(0);
  return { lost: (takeOver) => saver.lost(takeOver), freed: () => saver.freed() };
}
