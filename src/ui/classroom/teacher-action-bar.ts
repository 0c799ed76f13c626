// The teacher's buttons that act on the whole draft (check, try with the model, draft hints,
// export, share links), with the findings and link they produce. One runs at a time: the
// others wait disabled, and a failure is said in the status line instead of being lost.
import type { CheckFinding } from '../../classroom/check.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { plural } from '../../shared/format.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import { checkDraft, draftHints, exportDraft, shareLink, tryWithModel, type TeacherDeps } from './teacher-actions.ts';

export interface ActionBarOptions {
  /** The status line the results are said in. */
  status: HTMLElement;
  current(): number;
  /** Shows exercise `i` again (after its hints changed). */
  select(i: number): void;
  changed(): void;
}

/** The buttons, then the findings list and the share link field, in page order. */
export function createActionBar(deps: TeacherDeps, o: ActionBarOptions): HTMLElement[] {
  const { status } = o;
  const findings = h('ul', { class: 'teacher-findings', 'aria-label': 'Findings' });
  const linkOut = h('input', { id: 'teacher-link', type: 'text', readonly: true, class: 'teacher-link' });
  const buttons: HTMLButtonElement[] = [];
  const action = (label: string, fn: () => Promise<void>): HTMLButtonElement => {
    const b = h('button', { type: 'button', on: { click: () => void run(fn) } }, label);
    buttons.push(b);
    return b;
  };
  async function run(fn: () => Promise<void>): Promise<void> {
    if (buttons.some((x) => x.disabled)) return;
    buttons.forEach((x) => (x.disabled = true));
    try {
      await fn();
    } catch (err) {
      setText(status, errorMessage(err));
    } finally {
      buttons.forEach((x) => (x.disabled = false));
    }
  }

  function showFindings(all: CheckFinding[]): void {
    clear(findings);
    const order = { problem: 0, warning: 1, ok: 2 } as const;
    for (const f of [...all].sort((a, b) => order[a.kind] - order[b.kind])) {
      const word = f.kind === 'problem' ? 'Problem' : f.kind === 'warning' ? 'Warning' : 'OK';
      append(findings, h('li', { data: { kind: f.kind } }, `${word}: ${f.text}`));
    }
  }

  async function link(solutions: boolean): Promise<void> {
    const r = await shareLink(deps, solutions);
    linkOut.value = r.url ?? '';
    copy.disabled = !r.url;
    setText(status, r.url ? `${r.message} Copy it with the button beside it.` : r.message);
  }

  const bar = h(
    'div',
    { class: 'teacher-actions' },
    action('Check the pack', async () => {
      setText(status, 'Checking: running each solution and starter against its tests…');
      clear(findings);
      const seen: CheckFinding[] = [];
      const all = await checkDraft(deps, (f) => (seen.push(f), showFindings(seen)));
      const problems = all.filter((f) => f.kind === 'problem').length;
      setText(
        status,
        problems ? `Check done: ${plural(problems, 'problem')}.` : 'Check done: every solution passes all its tests.',
      );
    }),
    action('Try this exercise with the model', async () => {
      setText(status, `Running the loop with ${deps.models.label()}…`);
      setText(status, `${await tryWithModel(deps, o.current())}.`);
    }),
    action('Draft hints with the model', async () => {
      setText(status, 'Asking the model for hints…');
      const n = await draftHints(deps, o.current());
      o.select(o.current());
      o.changed();
      setText(status, `${plural(n, 'hint')} drafted: read them in the Hints field before sharing.`);
    }),
    action('Export the pack', () => {
      const problems = exportDraft(deps);
      showFindings(problems);
      setText(status, problems.length ? 'Not exported: fix the problems listed.' : 'Pack exported.');
      return Promise.resolve();
    }),
    action('Make a student link', async () => link(false)),
    action('Make a teacher link', async () => link(true)),
  );
  const copy = h('button', { type: 'button', disabled: true, on: { click: () => void copyLink() } }, 'Copy the link');
  async function copyLink(): Promise<void> {
    linkOut.select();
    try {
      await navigator.clipboard.writeText(linkOut.value);
      setText(status, 'Link copied.');
    } catch {
      // The clipboard may be refused (no permission, no focus): the link is selected to copy by hand.
      setText(status, 'The browser did not let the page copy: the link is selected, copy it with Ctrl+C.');
    }
  }
  const row = h('p', { class: 'teacher-link-row' }, h('label', { for: 'teacher-link' }, 'Share link'), linkOut, copy);
  return [bar, status, findings, row];
}
