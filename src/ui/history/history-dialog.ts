// The history dialog: the store's sessions with open, resume, rename, delete, export and import
// (the view does those). Mounted while open only, so a closed dialog costs no store reads.
import type { HistoryStore } from '../../store/history-store.ts';
import { h } from '../common/dom.ts';
import { mountHistory, type HistoryView } from './mount.ts';
import { createDialog, type Dialog } from '../common/dialog.ts';

export interface HistoryDialogOptions {
  store(): HistoryStore | undefined;
  /** Why there is no store, shown instead of the list. */
  unavailable(): string;
  onOpen(id: string): void;
  onResume(id: string): void;
}

export function createHistoryDialog(opts: HistoryDialogOptions): Dialog {
  let view: HistoryView | undefined;
  const dialog = createDialog('History', 'history-dialog', () => {
    view?.destroy();
    const store = opts.store();
    if (store) {
      view = mountHistory(dialog.body, {
        store,
        onOpen: (id) => (dialog.close(), opts.onOpen(id)),
        onResume: (id) => (dialog.close(), opts.onResume(id)),
      });
    } else {
      view = undefined;
      dialog.body.replaceChildren(h('p', { class: 'dialog-message' }, opts.unavailable()));
    }
  });
  dialog.onClose(() => {
    view?.destroy();
    view = undefined;
  });
  return dialog;
}
