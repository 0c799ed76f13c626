// One row per attempt. Click selects an attempt; shift-click, or a row's Compare button, asks
// for a diff between that row and the selected one. The session's end is said in plain words.
// A diagnosis written before an attempt (reflexion) is a line under its row that opens to the whole text.
import type { Attempt, Session } from '../../shared/session.ts';
import { h, setText } from '../common/dom.ts';
import { summarizeAttempt, summarizeEnd } from './summary.ts';

export interface TimelineOptions {
  onSelect(index: number): void;
  /** Two attempt indices, older first. */
  onCompare(a: number, b: number): void;
  /** Shown as a Resume button when the session was interrupted. */
  onResume?(): void;
}

export interface TimelineView {
  setAttempts(attempts: readonly Attempt[]): void;
  /** Adds an attempt, or replaces the one with the same index. */
  putAttempt(attempt: Attempt): void;
  /** A placeholder row for the attempt in flight ("waiting for the model"); undefined removes it. */
  setPending(index: number | undefined, text?: string): void;
  setSession(session: Session | undefined): void;
  /** Marks a row selected without calling onSelect. */
  select(index: number | undefined): void;
  dispose(): void;
}

const HEADERS = ['#', 'Source', 'Verdict', 'Tests', 'Tokens in / out', 'Model', 'Run', 'Compare'];

export function mountTimeline(root: HTMLElement, opts: TimelineOptions): TimelineView {
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'timeline-table' },
    h('caption', { class: 'visually-hidden' }, 'Attempts. Shift-click a row to compare it with the selected one.'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ...HEADERS.map((t) =>
          // The Compare column's buttons say what they do: its heading is for screen readers.
          h('th', { scope: 'col' }, t === 'Compare' ? h('span', { class: 'visually-hidden' }, t) : t),
        ),
      ),
    ),
    tbody,
  );
  const empty = h('p', { class: 'timeline-empty' }, 'No attempts yet.');
  // Not live: the page's announcer says how the loop ended.
  const end = h('div', { class: 'timeline-end', 'data-testid': 'session-end' });
  const el = h('section', { class: 'timeline', 'aria-label': 'Attempts' }, empty, table, end);
  root.append(el);

  let attempts: Attempt[] = [];
  let pending: { index: number; text: string } | undefined;
  let selected: number | undefined;
  let compared: number | undefined;
  // Rows are rebuilt on every change; an opened diagnosis stays open.
  const openNotes = new Set<number>();

  function choose(index: number, compare: boolean): void {
    // Rows are rebuilt on every change; keep keyboard focus on the row that was used.
    const hadFocus = tbody.contains(document.activeElement);
    const refocus = (): void => {
      if (hadFocus) tbody.querySelector<HTMLButtonElement>(`tr[data-index="${index}"] .timeline-pick`)?.focus();
    };
    if (compare && selected !== undefined && selected !== index) {
      compared = index;
      render();
      refocus();
      opts.onCompare(Math.min(selected, index), Math.max(selected, index));
      return;
    }
    selected = index;
    compared = undefined;
    render();
    refocus();
    opts.onSelect(index);
  }

  function row(a: Attempt): HTMLTableRowElement {
    const s = summarizeAttempt(a);
    const isSelected = a.index === selected;
    const pick = h(
      'button',
      {
        type: 'button',
        class: 'timeline-pick',
        'aria-pressed': String(isSelected),
        'aria-label': `Attempt ${s.number}`,
      },
      s.number,
    );
    const compare = h(
      'button',
      {
        type: 'button',
        class: 'timeline-compare',
        title: 'Compare with the selected attempt',
        'aria-label': `Compare attempt ${s.number} with the selected attempt`,
        disabled: selected === undefined || isSelected,
      },
      // A narrow sign, so the table fits the column; the label and the tooltip say it in words.
      h('span', { 'aria-hidden': 'true' }, '⇄'),
    );
    compare.addEventListener('click', (e) => {
      e.stopPropagation();
      choose(a.index, true);
    });
    const tr = h(
      'tr',
      {
        class: `timeline-row${isSelected ? ' selected' : ''}${a.index === compared ? ' compared' : ''}`,
        'data-testid': 'attempt',
        data: { index: String(a.index), tone: s.tone },
      },
      h('td', null, pick),
      h('td', { class: 'timeline-source' }, s.source),
      h(
        'td',
        null,
        h('span', { class: `verdict-badge tone-${s.tone}`, 'data-testid': 'attempt-verdict' }, s.verdict),
        // In a narrow panel the Model and Run columns fold into this line, under the verdict.
        h('span', { class: 'timeline-times' }, `model ${s.modelTime} · run ${s.runTime}`),
        a.result?.web?.picture
          ? h('img', {
              class: 'timeline-picture',
              src: a.result.web.picture,
              alt: `Attempt ${s.number}: the rendered page`,
              'data-testid': 'timeline-picture',
            })
          : null,
      ),
      h('td', { class: 'num' }, s.tests),
      h('td', { class: 'num tokens', title: s.tokensLong }, s.tokens),
      h('td', { class: 'num' }, s.modelTime),
      h('td', { class: 'num' }, s.runTime),
      h('td', null, compare),
    );
    tr.addEventListener('click', (e) => choose(a.index, e.shiftKey));
    return tr;
  }

  function reflectionRow(a: Attempt, text: string): HTMLTableRowElement {
    const details = h(
      'details',
      { open: openNotes.has(a.index) },
      h(
        'summary',
        null,
        `Diagnosis before attempt ${a.index + 1}`,
        // The preview is for the eye only: the text itself follows for everyone once opened.
        h('span', { class: 'timeline-reflection-preview', 'aria-hidden': 'true' }, `: ${text}`),
      ),
      h('p', null, text),
    );
    details.addEventListener('toggle', () => {
      if (details.open) openNotes.add(a.index);
      else openNotes.delete(a.index);
    });
    return h(
      'tr',
      { class: 'timeline-reflection', 'data-testid': 'attempt-reflection', data: { index: String(a.index) } },
      h('td', { colspan: HEADERS.length }, details),
    );
  }

  function render(): void {
    const rows = attempts.flatMap((a) =>
      a.reflection === undefined ? [row(a)] : [row(a), reflectionRow(a, a.reflection)],
    );
    if (pending && !attempts.some((a) => a.index === pending?.index)) {
      rows.push(
        h(
          'tr',
          { class: 'timeline-row pending', 'data-testid': 'attempt-pending' },
          h('td', null, pending.index + 1),
          h('td', { colspan: HEADERS.length - 1 }, pending.text),
        ),
      );
    }
    tbody.replaceChildren(...rows);
    empty.hidden = rows.length > 0;
    table.hidden = rows.length === 0;
  }

  function showEnd(session: Session | undefined): void {
    const s = session && summarizeEnd(session);
    end.replaceChildren();
    end.hidden = !s;
    if (!s) return;
    end.dataset.tone = s.tone;
    const headline = h('strong', { class: `tone-${s.tone}` });
    setText(headline, s.headline);
    end.append(headline);
    if (s.detail) end.append(h('span', { class: 'timeline-end-detail' }, s.detail));
    if (s.resumable && opts.onResume) {
      end.append(
        h(
          'button',
          { type: 'button', class: 'timeline-resume', 'data-testid': 'resume', on: { click: () => opts.onResume?.() } },
          'Resume',
        ),
      );
    }
  }

  render();
  showEnd(undefined);
  return {
    setAttempts(list) {
      attempts = [...list].sort((x, y) => x.index - y.index);
      if (selected !== undefined && !attempts.some((a) => a.index === selected)) selected = compared = undefined;
      render();
    },
    putAttempt(a) {
      attempts = [...attempts.filter((x) => x.index !== a.index), a].sort((x, y) => x.index - y.index);
      render();
    },
    setPending(index, text = 'waiting for the model…') {
      pending = index === undefined ? undefined : { index, text };
      render();
    },
    setSession: showEnd,
    select(index) {
      selected = index;
      compared = undefined;
      render();
    },
    dispose() {
      el.remove();
    },
  };
}
