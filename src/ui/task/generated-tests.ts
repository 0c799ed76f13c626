// The task panel's generated tests: a "Propose tests" button, a status line, and the list of
// proposals and accepted tests. Only the button and the status are built at first paint; the
// list's view loads the first time there is something to show in it.
import type { SuspectTest } from '../../shared/selection.ts';
import { h, setText } from '../common/dom.ts';
import {
  acceptedTests,
  addProposals,
  generatedState,
  proposedTests,
  setSuspect,
  type GeneratedState,
} from './generated-state.ts';
import type * as ListModule from './generated-list.ts';

type ProposalTone = 'busy' | 'ok' | 'error' | 'idle';

export interface GeneratedTests {
  el: HTMLElement;
  accepted(): string[];
  proposals(): string[];
  suspect(): SuspectTest[];
  /** Shows a task's accepted tests, and the proposals kept with it; in-progress edits are dropped. */
  load(accepted: readonly string[], proposals?: readonly string[], suspect?: readonly SuspectTest[]): void;
  /** Resolves once the list shows them, so whatever is said about them next is true. */
  addProposals(tests: readonly string[]): Promise<void>;
  /** Flags from a run's selection; only those about tests in the list are kept. */
  setSuspect(suspect: readonly SuspectTest[]): void;
  setStatus(text: string, tone: ProposalTone): void;
  /** Says that the task has no tests, and how to get some; only over an empty or earlier such line. */
  hintNoTests(none: boolean): void;
  /** While the model is being asked. */
  setBusy(busy: boolean): void;
  /** While the loop runs, the tests it runs with should not change under it. */
  setLocked(locked: boolean): void;
}

export interface GeneratedTestsOptions {
  /** The list changed; `tests` when the accepted tests (which run with the task) did. */
  onChange(tests: boolean): void;
  onPropose?(): void;
}

let listModule: Promise<typeof ListModule> | undefined;

const NO_TESTS_HINT = 'This task has no tests yet: Propose tests asks the model for some, for you to check.';

export function mountGeneratedTests(opts: GeneratedTestsOptions): GeneratedTests {
  let state: GeneratedState = generatedState([]);
  let busy = false;
  let locked = false;
  const propose = h('button', { type: 'button', id: 'propose-tests', 'data-testid': 'propose-tests' }, 'Propose tests');
  const status = h('p', { class: 'field-hint gen-status', role: 'status', 'data-testid': 'proposal-status' });
  const listHost = h('div', { class: 'gen-list-host' });
  const el = h('div', { class: 'field gen-tests' }, h('div', { class: 'gen-bar' }, propose, status), listHost);
  propose.addEventListener('click', () => opts.onPropose?.());

  const render = async (): Promise<void> => {
    propose.disabled = busy || locked;
    if (state.items.length === 0 && !listModule) return;
    listModule ??= import('./generated-list.ts');
    await listModule.then((m) =>
      m.renderGeneratedList(listHost, state, {
        locked,
        changed: (tests) => (opts.onChange(tests), refresh()),
        refresh,
      }),
    );
  };
  const refresh = (): void => void render();

  return {
    el,
    accepted: () => acceptedTests(state),
    proposals: () => proposedTests(state),
    suspect: () => [...state.suspect],
    load(accepted, proposals = [], suspect = []) {
      state = generatedState(accepted, proposals);
      setSuspect(state, suspect);
      refresh();
    },
    addProposals(tests) {
      addProposals(state, tests);
      opts.onChange(false);
      return render();
    },
    setSuspect(suspect) {
      setSuspect(state, suspect);
      opts.onChange(false);
      refresh();
    },
    setStatus(text, tone) {
      setText(status, text);
      status.dataset.tone = tone;
    },
    hintNoTests(none) {
      const showing = status.textContent === NO_TESTS_HINT;
      if (none && status.textContent === '') setText(status, NO_TESTS_HINT);
      else if (!none && showing) setText(status, '');
      if (none || showing) status.dataset.tone = 'idle';
    },
    setBusy(b) {
      busy = b;
      el.setAttribute('aria-busy', String(b));
      refresh();
    },
    setLocked(l) {
      locked = l;
      refresh();
    },
  };
}
