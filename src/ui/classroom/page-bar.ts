// The classroom's top bar: the same bar as the loop page's, with the way back to it.
import { h } from '../common/dom.ts';

export function classroomBar(view: string, ...extra: HTMLElement[]): HTMLElement {
  return h(
    'header',
    { class: 'app-header classroom-bar' },
    h('p', { class: 'classroom-brand' }, h('a', { href: './' }, 'Fixpoint'), h('span', null, view)),
    h(
      'nav',
      { class: 'app-nav', 'aria-label': 'Pages' },
      ...extra,
      h('a', { class: 'button-link', href: './' }, 'Back to the loop'),
    ),
  );
}
