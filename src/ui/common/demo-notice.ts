// A standing notice, shown before anything starts, where the demo model cannot help (the
// benchmark, the classroom assistant): without it, a run with the demo model ends in failures
// that look like the tool's, not the model's.
import { h } from './dom.ts';

export function demoNotice(text: string, ...after: (HTMLElement | string)[]): HTMLElement {
  return h(
    'div',
    { class: 'notice demo-notice', role: 'note', data: { kind: 'warning' }, 'data-testid': 'demo-notice' },
    h('p', { class: 'notice-text' }, text, ...after),
  );
}
