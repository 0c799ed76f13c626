// The "Compare strategies" button beside the strategy picker. The comparison view is loaded the
// first time it is opened, so the page's first paint does not carry it.
import { h } from '../ui/common/dom.ts';
import { errorMessage } from '../shared/error-message.ts';
import type { CompareView } from './compare/compare-mount.ts';
import type { PageState } from './page-state.ts';

export function installCompareToggle(page: PageState): void {
  const host = page.tasks.compareSlot;
  const button = h(
    'button',
    { type: 'button', class: 'compare-toggle', 'aria-expanded': 'false', 'data-testid': 'compare-toggle' },
    'Compare strategies',
  );
  host.append(button);
  let panel: Promise<CompareView> | undefined;
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    panel ??= import('./compare/compare-mount.ts').then(({ mountCompare }) => mountCompare(page, host));
    panel.then(
      (view) => {
        view.el.hidden = !open;
        button.setAttribute('aria-controls', view.el.id);
        button.setAttribute('aria-expanded', String(open));
        if (open) void view.refresh();
      },
      (err: unknown) => {
        panel = undefined;
        page.notices.show('compare', `The comparison view could not load: ${errorMessage(err)}`);
      },
    );
  });
}
