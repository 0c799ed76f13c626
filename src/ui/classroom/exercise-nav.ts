// The exercises of the pack being written: the list to pick one from, adding and removing one,
// and the form of the one picked. The list follows title edits as they are typed.
import { append, clear, h, setText } from '../common/dom.ts';
import { mountExerciseForm, type Raw } from './exercise-form.ts';
import { blankExercise } from './new-pack.ts';

export interface ExerciseNav {
  /** The list of exercises and the "Add an exercise" button. */
  readonly nav: HTMLElement;
  /** The picked exercise's heading, its form and the "Remove this exercise" button. */
  readonly parts: HTMLElement[];
  current(): number;
  /** Shows exercise `i` and moves the focus to its heading (so call it once attached). */
  select(i: number): void;
}

export function createExerciseNav(draft: Raw, o: { changed(): void; say(text: string): void }): ExerciseNav {
  const exercises = (): Raw[] => draft.exercises as Raw[];
  let current = 0;
  const list = h('ol', { class: 'classroom-exercises teacher-exercises' });
  const title = h('h2', { id: 'teacher-exercise-title', tabindex: '-1' });
  const form = h('div', { class: 'teacher-form' });
  const button = (label: string, fn: () => void): HTMLButtonElement =>
    h('button', { type: 'button', on: { click: () => fn() } }, label);

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
    setText(title, `Exercise ${i + 1}`);
    clear(form);
    mountExerciseForm(form, ex, () => {
      renderList();
      o.changed();
    });
    renderList();
    title.focus();
  }

  const add = button('Add an exercise', () => {
    exercises().push(blankExercise(exercises().length + 1));
    select(exercises().length - 1);
    o.changed();
  });
  const remove = button('Remove this exercise', () => {
    if (exercises().length <= 1) return o.say('A pack needs at least one exercise.');
    exercises().splice(current, 1);
    select(Math.min(current, exercises().length - 1));
    o.changed();
  });

  return {
    nav: h('nav', { 'aria-label': 'Exercises', class: 'panel classroom-nav' }, h('h2', null, 'Exercises'), list, add),
    parts: [title, form, h('p', { class: 'classroom-actions' }, remove)],
    current: () => current,
    select,
  };
}
