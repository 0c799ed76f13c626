// Page-wide messages a user must not miss: history that cannot be saved (storage full, storage
// unavailable), settings the browser would not remember. Each has a key, so a repeat replaces
// the earlier one instead of piling up; a later success can take it back.
import { h, setText } from '../common/dom.ts';

type NoticeKind = 'error' | 'warning' | 'info';

export interface Notices {
  show(key: string, text: string, kind?: NoticeKind): void;
  dismiss(key: string): void;
}

export function mountNotices(slot: HTMLElement): Notices {
  const items = new Map<string, HTMLElement>();
  const dismiss = (key: string): void => {
    items.get(key)?.remove();
    items.delete(key);
  };
  return {
    show(key, text, kind = 'error') {
      let item = items.get(key);
      if (!item) {
        const message = h('span', { class: 'notice-text' });
        const close = h(
          'button',
          { type: 'button', class: 'notice-dismiss', 'aria-label': 'Dismiss this message' },
          '×',
        );
        item = h(
          'div',
          { class: 'notice', role: kind === 'error' ? 'alert' : 'status', 'data-testid': 'notice', data: { key } },
          message,
          close,
        );
        close.addEventListener('click', () => dismiss(key));
        items.set(key, item);
        slot.append(item);
      }
      item.dataset.kind = kind;
      setText(item.querySelector('.notice-text') as HTMLElement, text);
    },
    dismiss,
  };
}
