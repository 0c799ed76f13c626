// The diff view as the page mounts it: the view (diff-view.ts, with the line diff) is its own
// chunk, loaded after first paint; what is asked of it before then is done once it is here. Its
// first line stands in until then, so the panels below do not move when it arrives.
import { h } from '../common/dom.ts';
import type { DiffOptions, DiffSide, DiffView } from './diff-view.ts';

/** What the view says while there is nothing to compare. */
export const NOTHING_TO_COMPARE = 'Select two attempts to compare them.';

export function mountDiff(root: HTMLElement, opts: DiffOptions = {}): DiffView {
  let real: DiffView | undefined;
  let pending: ((v: DiffView) => void) | undefined;
  let disposed = false;
  const standIn = h('div', { class: 'diff-head' }, NOTHING_TO_COMPARE);
  root.append(standIn);
  void import('./diff-view.ts').then(({ mountDiff: mount }) => {
    if (disposed) return;
    standIn.remove();
    real = mount(root, opts);
    pending?.(real);
    pending = undefined;
  });
  return {
    show(before: DiffSide, after: DiffSide) {
      if (real) real.show(before, after);
      else pending = (v) => v.show(before, after);
    },
    clear(message?: string) {
      if (real) real.clear(message);
      else pending = (v) => v.clear(message);
    },
    dispose() {
      disposed = true;
      standIn.remove();
      real?.dispose();
    },
  };
}
