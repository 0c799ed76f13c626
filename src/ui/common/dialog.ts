// A modal <dialog> for settings, history and the shortcut help: Escape and the Close button close
// it, Tab keeps going round inside it, focus goes back where it was, and the page's own Escape
// (stop the loop) leaves it alone while it is open.
import { h } from './dom.ts';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface Dialog {
  body: HTMLElement;
  open(): void;
  close(): void;
  readonly isOpen: boolean;
  /** Called after it closes, however it was closed. */
  onClose(listener: () => void): void;
}

/** `beforeOpen` fills the body afresh each time the dialog opens. */
export function createDialog(title: string, testid: string, beforeOpen?: () => void): Dialog {
  const id = `dialog-${testid}`;
  const body = h('div', { class: 'dialog-body' });
  const close = h(
    'button',
    {
      type: 'button',
      class: 'dialog-close',
      'data-testid': `${testid}-close`,
      'aria-label': `Close ${title.toLowerCase()}`,
    },
    'Close',
  );
  const dialog = h(
    'dialog',
    { class: 'app-dialog', 'aria-labelledby': id, 'data-testid': testid },
    h('div', { class: 'dialog-inner' }, h('header', { class: 'dialog-head' }, h('h2', { id }, title), close), body),
  );
  document.body.append(dialog);
  const listeners: (() => void)[] = [];
  let returnTo: HTMLElement | null = null;

  close.addEventListener('click', () => dialog.close());
  // A modal dialog makes the page behind it inert, but Tab past its last control would leave for
  // the browser's own controls: keep focus going round inside while it is open.
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const wrapTo = e.shiftKey
      ? document.activeElement === first
        ? last
        : null
      : document.activeElement === last
        ? first
        : null;
    if (wrapTo) {
      e.preventDefault();
      wrapTo.focus();
    }
  });
  dialog.addEventListener('close', () => {
    for (const l of listeners) l();
    returnTo?.focus();
  });
  // A click on the backdrop lands on the dialog element itself (its content has no padding).
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });

  return {
    body,
    open() {
      if (dialog.open) return;
      returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      beforeOpen?.();
      dialog.showModal();
    },
    close: () => dialog.close(),
    get isOpen() {
      return dialog.open;
    },
    onClose: (l) => listeners.push(l),
  };
}
