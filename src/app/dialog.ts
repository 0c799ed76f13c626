// A modal <dialog> for settings and history: Escape and the Close button close it, focus goes
// back where it was, and the page's own Escape (stop the loop) leaves it alone while it is open.
import { h } from '../ui/common/dom.ts';

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
