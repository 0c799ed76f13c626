// The "Program (stdin → stdout)" kind's tests: a table of cases, each an input, its expected
// output, and whether it is hidden (graded, never shown to the model or in feedback).
import type { TestSpec } from '../../../shared/run.ts';
import { h } from '../../common/dom.ts';

type ProgramSpec = Extract<TestSpec, { kind: 'program' }>;
interface Case {
  input: string;
  output: string;
  hidden: boolean;
}

export interface ProgramTests {
  readonly el: HTMLElement;
  set(tests: TestSpec, hidden: TestSpec | undefined): void;
  /** The visible cases as the task's tests, the hidden ones apart (undefined when there are none). */
  get(): { tests: ProgramSpec; hidden?: ProgramSpec };
  setLocked(locked: boolean): void;
}

const spec = (cases: Case[]): ProgramSpec => ({
  kind: 'program',
  inputs: cases.map((c) => c.input),
  outputs: cases.map((c) => c.output),
});

function casesOf(t: TestSpec | undefined, hidden: boolean): Case[] {
  if (t?.kind !== 'program') return [];
  return t.inputs.map((input, i) => ({ input, output: t.outputs[i] ?? '', hidden }));
}

export function mountProgramTests(onChange: () => void): ProgramTests {
  let cases: Case[] = [];
  let locked = false;
  const body = h('tbody');
  const add = h('button', { type: 'button', 'data-testid': 'program-add-test' }, 'Add test');
  const el = h(
    'div',
    { class: 'field program-tests', 'data-testid': 'program-tests' },
    h('span', { class: 'field-label', id: 'program-tests-label' }, 'Test cases'),
    h(
      'table',
      { class: 'program-table', 'aria-labelledby': 'program-tests-label' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Input'),
          h('th', { scope: 'col' }, 'Expected output'),
          h('th', { scope: 'col' }, 'Hidden'),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Remove')),
        ),
      ),
      body,
    ),
    add,
  );

  const area = (value: string, label: string, set: (v: string) => void): HTMLTextAreaElement => {
    const t = h('textarea', { rows: 3, spellcheck: 'false', 'aria-label': label, class: 'program-cell' });
    t.value = value;
    t.disabled = locked;
    t.addEventListener('input', () => (set(t.value), onChange()));
    return t;
  };
  const render = (): void => {
    body.replaceChildren(
      ...cases.map((c, k) => {
        const hidden = h('input', { type: 'checkbox', 'aria-label': `Test ${k + 1} is hidden` });
        hidden.checked = c.hidden;
        hidden.disabled = locked;
        hidden.addEventListener('change', () => ((c.hidden = hidden.checked), onChange()));
        const remove = h(
          'button',
          { type: 'button', class: 'program-remove', 'aria-label': `Remove test ${k + 1}` },
          '×',
        );
        remove.disabled = locked;
        remove.addEventListener('click', () => {
          cases.splice(k, 1);
          render();
          onChange();
        });
        return h(
          'tr',
          null,
          h(
            'td',
            null,
            area(c.input, `Input of test ${k + 1}`, (v) => (c.input = v)),
          ),
          h(
            'td',
            null,
            area(c.output, `Expected output of test ${k + 1}`, (v) => (c.output = v)),
          ),
          h('td', { class: 'program-hidden' }, hidden),
          h('td', null, remove),
        );
      }),
    );
    add.disabled = locked;
  };
  add.addEventListener('click', () => {
    cases.push({ input: '', output: '', hidden: false });
    render();
    onChange();
    body.querySelector<HTMLTextAreaElement>('tr:last-child textarea')?.focus();
  });

  return {
    el,
    set(tests, hidden) {
      cases = [...casesOf(tests, false), ...casesOf(hidden, true)];
      render();
    },
    get() {
      const hidden = cases.filter((c) => c.hidden);
      return { tests: spec(cases.filter((c) => !c.hidden)), ...(hidden.length ? { hidden: spec(hidden) } : {}) };
    },
    setLocked(on) {
      locked = on;
      render();
    },
  };
}
