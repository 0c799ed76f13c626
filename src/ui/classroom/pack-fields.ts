// The pack's own fields in teacher mode (id, title, version, licence), edited in place on the
// raw draft: the draft may not be a valid pack yet, so nothing is checked while typing.
import { h } from '../common/dom.ts';
import type { Raw } from './exercise-form.ts';

const PACK_FIELDS = [
  ['id', 'Pack id'],
  ['title', 'Pack title'],
  ['version', 'Version'],
  ['license', 'Licence'],
] as const;

export function packDetails(draft: Raw, changed: () => void): HTMLElement {
  const fields = PACK_FIELDS.map(([key, label]) => {
    const input = h('input', { id: `pack-${key}`, type: 'text' });
    input.value = typeof draft[key] === 'string' ? draft[key] : '';
    input.addEventListener('input', () => {
      draft[key] = input.value;
      changed();
    });
    return h('p', { class: 'teacher-field' }, h('label', { for: `pack-${key}` }, label), input);
  });
  return h(
    'section',
    { 'aria-label': 'Pack details', class: 'panel classroom-panel' },
    h('h2', null, 'Pack'),
    h('div', { class: 'teacher-pack-fields' }, ...fields),
  );
}
