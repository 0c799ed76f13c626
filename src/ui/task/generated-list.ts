// The list of generated tests: each proposal can be accepted, edited or dropped, and counts only
// once accepted; accepted tests are marked as generated, and one a run flagged as suspect says so
// with what the agreeing samples computed. Loaded on first use (see generated-tests.ts).
import type { SuspectTest } from '../../shared/selection.ts';
import { h } from '../common/dom.ts';
import {
  accept,
  cancelEdit,
  drop,
  saveEdit,
  startEdit,
  suspectOf,
  type GeneratedItem,
  type GeneratedState,
} from './generated-state.ts';

export interface ListActions {
  locked: boolean;
  /** After a change; `tests` when the accepted tests changed. */
  changed(tests: boolean): void;
  /** After a change that only the list shows (an edit opened or typed into). */
  refresh(): void;
}

/** What the agreeing samples computed, in words: a value, an exception, or nothing to compare. */
function outputWords(out: string): string {
  if (out === '') return 'no value to compare (the test is not of the form call == expected)';
  if (out.startsWith('!')) return `raised ${out.slice(1)}`;
  return out;
}

function suspectNote(s: SuspectTest, id: number): HTMLElement {
  const outputs = s.outputs.length > 0 ? s.outputs : [''];
  return h(
    'div',
    { class: 'gen-suspect', id: `gen-suspect-${id}`, 'data-testid': 'suspect-note' },
    h(
      'p',
      null,
      'May be wrong: the samples that agree with each other and with every other test all fail it. They computed:',
    ),
    h(
      'ul',
      { class: 'gen-outputs', 'data-testid': 'suspect-outputs' },
      ...outputs.map((o) => h('li', null, h('code', null, outputWords(o)))),
    ),
  );
}

let focusNext: string | undefined;

function itemView(state: GeneratedState, item: GeneratedItem, n: number, a: ListActions): HTMLElement {
  const id = item.id;
  const suspect = suspectOf(state, item);
  const codeId = `gen-test-${id}`;
  const act = (label: string, key: string, run: () => void): HTMLElement =>
    h(
      'button',
      { type: 'button', 'data-action': key, 'aria-describedby': codeId, disabled: a.locked, on: { click: run } },
      label,
    );
  const tags = h(
    'span',
    { class: 'gen-tags' },
    h('span', { class: 'gen-tag' }, `Test ${n}: `, item.accepted ? 'generated' : 'proposed, not yet counted'),
    suspect && h('span', { class: 'gen-tag gen-tag-suspect' }, 'suspect'),
  );
  let body: HTMLElement;
  let actions: HTMLElement[];
  if (item.editing !== undefined) {
    const area = h('textarea', {
      id: codeId,
      class: 'gen-edit',
      rows: 2,
      spellcheck: 'false',
      'aria-label': `Edit test ${n}`,
    });
    area.value = item.editing;
    area.addEventListener('input', () => (item.editing = area.value));
    body = area;
    actions = [
      act('Save', 'save', () => {
        focusNext = `${id}`;
        if (saveEdit(state, id)) a.changed(item.accepted);
        else {
          area.setAttribute('aria-invalid', 'true');
          area.placeholder = 'A test cannot be empty: write it, or press Cancel and then Drop.';
        }
      }),
      act('Cancel', 'cancel', () => ((focusNext = `${id}`), cancelEdit(state, id), a.refresh())),
    ];
  } else {
    body = h('pre', { class: 'gen-code', id: codeId }, h('code', null, item.source));
    actions = [
      !item.accepted && act('Accept', 'accept', () => ((focusNext = `${id}`), accept(state, id), a.changed(true))),
      act('Edit', 'edit', () => ((focusNext = `edit-${id}`), startEdit(state, id), a.refresh())),
      act('Drop', 'drop', () => {
        const at = state.items.findIndex((i) => i.id === id);
        focusNext = `${state.items[at + 1]?.id ?? state.items[at - 1]?.id ?? 'none'}`;
        drop(state, id);
        a.changed(item.accepted);
      }),
    ].filter((x): x is HTMLElement => x instanceof HTMLElement);
  }
  return h(
    'li',
    {
      class: 'gen-test',
      'data-testid': 'generated-test',
      data: { id: `${id}`, state: item.accepted ? 'accepted' : 'proposed', suspect: String(suspect !== undefined) },
    },
    tags,
    body,
    suspect && suspectNote(suspect, id),
    h('div', { class: 'gen-actions' }, ...actions),
  );
}

export function renderGeneratedList(host: HTMLElement, state: GeneratedState, a: ListActions): void {
  const waiting = state.items.filter((i) => !i.accepted).length;
  const accepted = state.items.length - waiting;
  const summary =
    state.items.length === 0
      ? ''
      : `${accepted} accepted (run with the task, marked as generated); ${waiting} waiting for you to accept, edit or drop.`;
  const list = h(
    'ul',
    { class: 'gen-list', 'aria-labelledby': 'gen-heading', 'data-testid': 'generated-tests' },
    ...state.items.map((item, i) => itemView(state, item, i + 1, a)),
  );
  host.replaceChildren(
    ...(state.items.length === 0
      ? []
      : [
          h('h3', { id: 'gen-heading', class: 'gen-heading' }, 'Generated tests'),
          h('p', { class: 'field-hint' }, summary),
          list,
        ]),
  );
  restoreFocus(host);
}

/** An action re-draws the list: focus goes where the person's next step is, not to the page's top. */
function restoreFocus(host: HTMLElement): void {
  const want = focusNext;
  focusNext = undefined;
  if (want === undefined) return;
  if (want.startsWith('edit-')) return host.querySelector<HTMLElement>(`#gen-test-${want.slice(5)}`)?.focus();
  const item = host.querySelector<HTMLElement>(`[data-id="${want}"]`);
  const target = item?.querySelector<HTMLElement>('button') ?? document.getElementById('propose-tests');
  target?.focus();
}
