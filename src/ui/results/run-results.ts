// The tests' side of a finished run, apart from what the program printed (the console): each
// test's outcome with what was expected and what came back, the exception and its traceback, and
// the verdict. Plain DOM, so it reads the same to eyes and screen readers; every value from the
// run goes in as text.
import type { RunResult } from '../../shared/run.ts';
import { h, setText } from '../common/dom.ts';
import { toneOf, verdictLine } from '../common/verdict.ts';

export interface RunResults {
  /** A run is starting: the previous results go, and the view says what is running. */
  start(heading: string): void;
  show(r: RunResult): void;
  /** Nothing to show, with why (no code, stopped); without a reason, as before any run. */
  empty(text?: string): void;
}

const IDLE = 'Nothing has run yet. Test outcomes appear here; what the program prints goes to the console.';

function valueBlock(label: string, value: string): HTMLElement {
  return h('div', { class: 'run-test-value' }, h('span', { class: 'run-test-label' }, label), h('pre', null, value));
}

function testItem(t: RunResult['tests'][number]): HTMLElement {
  const li = h(
    'li',
    { class: 'run-test', data: { passed: String(t.passed) } },
    h('span', { class: 'run-test-mark', 'aria-hidden': 'true' }, t.passed ? '✓' : '✗'),
    h('span', { class: 'visually-hidden' }, t.passed ? 'passed: ' : 'failed: '),
    h('span', { class: 'run-test-name' }, t.name),
  );
  if (t.passed) return li;
  if (t.expected !== undefined || t.actual !== undefined) {
    li.append(valueBlock('expected', t.expected ?? '?'), valueBlock('got', t.actual ?? '?'));
    if (t.message) li.append(valueBlock('message', t.message));
  } else li.append(valueBlock('message', t.message ?? 'failed'));
  return li;
}

export function mountRunResults(host: HTMLElement): RunResults {
  const head = h('p', { class: 'run-results-head', data: { tone: 'pending' } });
  const body = h('div', { class: 'run-results-body' });
  const view = h(
    'div',
    { class: 'run-results', tabindex: 0, role: 'region', 'aria-label': 'Test results', 'data-testid': 'run-results' },
    head,
    body,
  );
  host.append(view);
  const empty = (text: string, tone = 'pending'): void => {
    setText(head, text);
    head.dataset.tone = tone;
    body.replaceChildren();
  };
  empty(IDLE);
  return {
    start: (heading) => empty(`${heading}: running…`),
    empty: (text = IDLE) => empty(text),
    show(r) {
      empty(verdictLine(r), toneOf(r.status));
      if (r.truncated) body.append(h('p', { class: 'run-results-note' }, 'The output was cut at the output cap.'));
      if (r.status === 'timed out' && r.runningTest)
        body.append(h('p', { class: 'run-results-note' }, `The time limit hit while running ${r.runningTest}.`));
      // Failures first: they are what a person came to read.
      const tests = [...r.tests.filter((t) => !t.passed), ...r.tests.filter((t) => t.passed)];
      if (tests.length) body.append(h('ul', { class: 'run-tests', 'aria-label': 'Tests' }, ...tests.map(testItem)));
      if (r.exception) {
        const ex = r.exception;
        body.append(
          h('p', { class: 'run-test-label' }, `${ex.type} raised`),
          h('pre', { class: 'run-traceback', 'data-testid': 'traceback' }, ex.traceback || `${ex.type}: ${ex.message}`),
        );
      }
      if (!tests.length && !r.exception && r.status === 'passed')
        body.append(h('p', { class: 'run-results-note' }, 'The program ran without errors.'));
    },
  };
}
