// The parts of the student view drawn from its state: the exercise list (the current one and the
// solved ones marked), the hints unlocked so far, a run's visible results and hidden counts.
import { hintState } from '../../classroom/hints.ts';
import type { PracticeOutcome } from '../../classroom/practice.ts';
import type { Pack, PackExercise } from '../../classroom/types.ts';
import { progressKey, type ExerciseProgress } from '../../store/classroom-store.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { plural } from '../../shared/format.ts';
import { exerciseKindOf } from '../../classroom/kinds/registry.ts';

export function fresh(pack: Pack, hash: string, ex: PackExercise): ExerciseProgress {
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

const solved = (p: ExerciseProgress | undefined): boolean =>
  !!p && p.runs > 0 && p.visible.passed === p.visible.total && p.hidden.passed === p.hidden.total;

export function exerciseList(
  list: HTMLElement,
  pack: Pack,
  current: PackExercise,
  progress: ReadonlyMap<string, ExerciseProgress>,
  select: (ex: PackExercise) => void,
): void {
  clear(list);
  for (const ex of pack.exercises) {
    const done = solved(progress.get(ex.id));
    const button = h(
      'button',
      {
        type: 'button',
        'aria-current': ex === current ? 'true' : undefined,
        data: { solved: done ? 'true' : 'false' },
        on: { click: () => select(ex) },
      },
      h('span', null, ex.title),
      done ? h('span', { class: 'classroom-solved' }, ' ✓', h('span', { class: 'visually-hidden' }, ' solved')) : null,
    );
    append(list, h('li', null, button));
  }
}

export function hintsPanel(hints: HTMLElement, ex: PackExercise, p: ExerciseProgress): void {
  clear(hints);
  const state = hintState(ex, p.failures);
  append(hints, h('h3', null, 'Hints'));
  if (state.unlocked.length) append(hints, h('ol', null, ...state.unlocked.map((x) => h('li', null, x.text))));
  if (state.nextAfter !== undefined)
    append(hints, h('p', null, `A hint unlocks after ${plural(state.nextAfter, 'more failed run')}.`));
  else if (!state.unlocked.length) append(hints, h('p', null, 'This exercise has no hints.'));
}

export function outcomeLines(
  results: HTMLElement,
  hiddenLine: HTMLElement,
  ex: PackExercise,
  o: PracticeOutcome | undefined,
  p: ExerciseProgress,
): void {
  clear(results);
  for (const v of o?.visible ?? []) {
    const label = v.status === 'pass' ? 'passed' : v.status === 'fail' ? 'failed' : 'error';
    append(
      results,
      h(
        'li',
        { data: { status: v.status } },
        h('strong', null, `${v.name}: ${label}`),
        v.message ? ` — ${v.message}` : '',
      ),
    );
  }
  const n = ex.hiddenTests.length;
  const what = plural(n, exerciseKindOf(ex).words.hiddenOne);
  setText(hiddenLine, n === 0 ? '' : `${what}, not shown${p.runs > 0 ? `: ${p.hidden.passed} of ${n} passed` : ''}.`);
}
