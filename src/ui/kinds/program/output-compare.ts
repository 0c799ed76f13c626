// A contest program's failing test: the expected output and the program's own, side by side, line
// by line, with the first line that differs (as LiveCodeBench's comparison finds it) marked.
import type { RunResult } from '../../../shared/run.ts';
import { firstDifference, strippedLines } from '../../../kinds/program/compare.ts';
import { h } from '../../common/dom.ts';

const MAX_LINES = 200;

function column(title: string, text: string, differs: number | undefined, testid: string): HTMLElement {
  // The lines as the comparison reads them: stripped, so a marked line is the one it compared.
  const lines = strippedLines(text);
  const list = h('ol', { class: 'output-lines' });
  lines.slice(0, MAX_LINES).forEach((line, k) => {
    const mark = k === differs;
    list.append(
      h('li', { class: mark ? 'differs' : undefined, 'aria-current': mark ? 'true' : undefined }, line || ' '),
    );
  });
  if (differs !== undefined && differs >= lines.length)
    list.append(h('li', { class: 'differs missing', 'aria-current': 'true' }, '(no such line)'));
  const more =
    lines.length > MAX_LINES ? h('p', { class: 'output-more' }, `… ${lines.length - MAX_LINES} more lines`) : null;
  return h('div', { class: 'output-column', 'data-testid': testid }, h('h4', null, title), list, more);
}

export function mountOutputCompare(host: HTMLElement): { show(r: RunResult | undefined, program: boolean): void } {
  const el = h('section', { class: 'output-compare', 'aria-label': 'Expected and actual output', hidden: true });
  host.append(el);
  return {
    show(r, program) {
      el.replaceChildren();
      const failing = program ? r?.tests.find((t) => !t.passed && t.actual !== undefined) : undefined;
      el.hidden = !failing;
      if (!failing) return;
      const diff = firstDifference(failing.actual ?? '', failing.expected ?? '');
      const where = diff
        ? `${failing.name}: line ${diff.line + 1} is the first that differs.`
        : `${failing.name}: the outputs match line by line.`;
      el.append(
        h('p', { class: 'output-where', 'data-testid': 'output-where' }, where),
        h(
          'div',
          { class: 'output-columns' },
          column('Expected', failing.expected ?? '', diff?.line, 'output-expected'),
          column('Output', failing.actual ?? '', diff?.line, 'output-actual'),
        ),
      );
    },
  };
}
