// What a strategy left on an attempt, drawn from the stored attempt alone (so a session opened
// from the history shows the same as a live one): the diagnosis written before it, the samples it
// was chosen from, and its run's trace. This module is its own chunk, loaded when an attempt
// first has any of them.
import type { Attempt } from '../../shared/session.ts';
import { h } from '../common/dom.ts';
import { selectionView } from './selection-view.ts';
import { traceView } from './trace-view.ts';
import type { TraceContext } from './trace-rows.ts';
import './strategies.css';

function reflectionView(text: string, attempt: number): HTMLElement {
  return h(
    'section',
    { class: 'strategy-reflection', 'aria-labelledby': 'strategy-reflection-heading', 'data-testid': 'reflection' },
    h('h3', { id: 'strategy-reflection-heading' }, `Diagnosis written before attempt ${attempt}`),
    h('p', null, text),
  );
}

/** A stored record that is not what this version expects (an imported file) is said, not thrown. */
function guarded(root: HTMLElement, what: string, draw: () => HTMLElement[]): void {
  try {
    root.replaceChildren(...draw());
  } catch {
    root.replaceChildren(h('p', { class: 'strategy-note' }, `This attempt's ${what} could not be read.`));
  }
}

/** The diagnosis and the samples; an attempt with neither leaves `root` empty. */
export function renderStrategy(root: HTMLElement, a: Attempt): void {
  guarded(root, 'strategy record', () => [
    ...(a.reflection === undefined ? [] : [reflectionView(a.reflection, a.index + 1)]),
    ...(a.selection === undefined ? [] : [selectionView(a.selection)]),
  ]);
}

export function renderTrace(root: HTMLElement, a: Attempt, ctx: TraceContext): void {
  const trace = a.result?.trace;
  guarded(root, 'trace', () => (trace ? [traceView(trace, ctx)] : []));
}
