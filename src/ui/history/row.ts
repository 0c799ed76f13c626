// One session in the history list: its title, what it was about, how it ended, and its actions,
// Open first (a button that looks like one: a bare title read as plain text, not as a way in). Everything shown comes from stored or imported data, so it is set as text,
// never as HTML.
import type { Session } from '../../shared/session.ts';
import { h } from '../common/dom.ts';
import { formatTime, statusLabel } from './format.ts';

export interface RowActions {
  open(id: string): void;
  /** Present only when the page can continue a session. */
  resume?(id: string): void;
  rename(id: string, title: string): Promise<void>;
  remove(session: Session): Promise<void>;
  candidates(id: string): Promise<void>;
}

export function button(label: string, className: string, onClick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: className, on: { click: onClick } }, label);
}

export function renderRow(session: Session, actions: RowActions): HTMLLIElement {
  const row = h('li', { class: 'fp-history-row', data: { id: session.id, status: session.status } });

  const title = h('span', { class: 'fp-history-title' }, session.title || 'Untitled session');
  const open = button('Open', 'fp-history-open', () => actions.open(session.id));
  open.title = 'Open this session and read its attempts';
  labelOpen(open, title.textContent ?? '');
  const status = h(
    'span',
    { class: 'fp-history-status', data: { status: session.status }, title: session.endMessage || undefined },
    statusLabel(session),
  );
  const meta = h(
    'span',
    { class: 'fp-history-meta' },
    `${session.task.title || session.task.id} · ${session.settings.model} · `,
    status,
    ` · ${formatTime(session.updatedAt)}`,
  );

  const buttons: HTMLButtonElement[] = [open];
  if (session.status === 'interrupted' && actions.resume) {
    const resume = actions.resume;
    buttons.push(button('Resume', 'fp-history-resume', () => resume(session.id)));
  }
  buttons.push(button('Rename', 'fp-history-rename', () => startRename(row, title, session, actions)));
  buttons.push(button('JSONL', 'fp-history-candidates', () => void actions.candidates(session.id)));
  buttons[buttons.length - 1]!.title = 'Download this session’s final candidate as {task_id, completion} JSONL';
  const remove = button('Delete', 'fp-history-delete', () => void actions.remove(session));
  if (session.status === 'running') {
    // Deleting under a live loop would make its next save fail; stop it first.
    remove.disabled = true;
    remove.title = 'This session is running; stop it before deleting it.';
  }
  buttons.push(remove);

  row.append(title, meta, h('span', { class: 'fp-history-actions' }, ...buttons));
  return row;
}

/** Every row has an Open button: its name says which session, and starts with what it shows. */
function labelOpen(open: HTMLButtonElement, title: string): void {
  open.setAttribute('aria-label', `Open ${title}`);
}

function startRename(row: HTMLLIElement, title: HTMLElement, session: Session, actions: RowActions): void {
  const input = h('input', { class: 'fp-history-title-input', 'aria-label': 'New title' });
  input.value = session.title;
  let settled = false;
  const finish = (save: boolean): void => {
    if (settled) return;
    settled = true;
    delete row.dataset.renaming;
    const next = input.value.trim();
    input.replaceWith(title);
    if (save && next && next !== session.title) {
      title.textContent = next;
      const open = row.querySelector<HTMLButtonElement>('.fp-history-open');
      if (open) labelOpen(open, next);
      void actions.rename(session.id, next);
    }
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') finish(true);
    else if (event.key === 'Escape') finish(false);
  });
  input.addEventListener('blur', () => finish(true));
  title.replaceWith(input);
  input.focus();
  input.select();
  row.dataset.renaming = 'true';
}
