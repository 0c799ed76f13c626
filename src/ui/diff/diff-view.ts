// Unified diff of two attempts' candidates, with both sides' line numbers; folded unchanged
// stretches open on click.
import { clear, h, setText } from '../common/dom.ts';
import { plural } from '../../shared/format.ts';
import { diffStats, foldUnchanged } from './hunks.ts';
import { NOTHING_TO_COMPARE } from './lazy-diff.ts';
import type { DiffLine } from './line-diff.ts';
import { lineDiff } from './line-diff.ts';

export interface DiffSide {
  /** e.g. "Attempt 2". */
  label: string;
  /** The candidate; undefined when the attempt had no code. */
  text: string | undefined;
}

export interface DiffOptions {
  /** Unchanged lines kept around each change; default 3. */
  context?: number;
}

export interface DiffView {
  show(before: DiffSide, after: DiffSide): void;
  /** Empties the view, showing a hint such as "Select two attempts to compare". */
  clear(message?: string): void;
  dispose(): void;
}

const SIGN: Record<DiffLine['kind'], string> = { same: ' ', add: '+', del: '−' };
// The signs and colours, in words for screen readers.
const WORD: Record<DiffLine['kind'], string> = { same: '', add: 'added', del: 'removed' };
const HEADS = ['Line before', 'Line after', 'Change', 'Code'];

export function mountDiff(root: HTMLElement, opts: DiffOptions = {}): DiffView {
  const head = h('div', { class: 'diff-head', 'data-testid': 'diff-summary' });
  const body = h('div', {
    class: 'diff-body',
    tabindex: 0,
    role: 'region',
    'aria-label': 'Diff lines',
    'data-testid': 'diff',
  });
  const el = h('section', { class: 'diff', 'aria-label': 'Diff between attempts' }, head, body);
  root.append(el);

  function lineRow(l: DiffLine): HTMLTableRowElement {
    return h(
      'tr',
      { class: `diff-${l.kind}` },
      h('td', { class: 'diff-ln' }, l.oldLine ?? ''),
      h('td', { class: 'diff-ln' }, l.newLine ?? ''),
      h(
        'td',
        { class: 'diff-sign' },
        h('span', { 'aria-hidden': 'true' }, SIGN[l.kind]),
        h('span', { class: 'visually-hidden' }, WORD[l.kind]),
      ),
      h('td', { class: 'diff-code' }, l.text),
    );
  }

  function gapRow(lines: DiffLine[]): HTMLTableRowElement {
    const button = h(
      'button',
      { type: 'button', class: 'diff-unfold' },
      `Show ${plural(lines.length, 'unchanged line')}`,
    );
    const row = h('tr', { class: 'diff-gap' }, h('td', { colspan: 4 }, button));
    button.addEventListener('click', () => row.replaceWith(...lines.map(lineRow)));
    return row;
  }

  function reset(message: string): void {
    setText(head, message);
    clear(body);
  }

  reset(NOTHING_TO_COMPARE);

  return {
    show(before, after) {
      const lines = lineDiff(before.text ?? '', after.text ?? '');
      const { added, removed } = diffStats(lines);
      const missing = [before, after].filter((s) => s.text === undefined).map((s) => `${s.label} had no code`);
      const summary = added + removed === 0 ? 'no differences' : `+${added} −${removed}`;
      setText(head, `${before.label} → ${after.label}: ${[summary, ...missing].join('; ')}`);
      const tbody = h('tbody');
      for (const row of foldUnchanged(lines, opts.context ?? 3)) {
        tbody.append(row.type === 'gap' ? gapRow(row.lines) : lineRow(row.line));
      }
      const cols = h(
        'thead',
        { class: 'visually-hidden' },
        h('tr', null, ...HEADS.map((t) => h('th', { scope: 'col' }, t))),
      );
      body.replaceChildren(h('table', { class: 'diff-table' }, cols, tbody));
    },
    clear(message = NOTHING_TO_COMPARE) {
      reset(message);
    },
    dispose() {
      el.remove();
    },
  };
}
