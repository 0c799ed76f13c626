// On a narrow screen the page shows one panel at a time, chosen in a tab bar (the ARIA tabs
// pattern: arrow keys, Home and End move between tabs and choose them). The bar only sets
// `data-tab` on the page; the stylesheet hides the panels of the other tabs and the bar itself on
// wide screens, so the same elements serve both layouts and nothing is moved.
import { h, setText } from '../common/dom.ts';

export type PanelTab = 'task' | 'code' | 'results' | 'console';

export const NARROW = '(max-width: 760px)';

export interface PanelTabs {
  bar: HTMLElement;
  /** Shows a tab's panel; with focus, the tab takes focus too. */
  select(tab: PanelTab, focus?: boolean): void;
  /** A tab's visible text, e.g. "Console (12 lines)". */
  setLabel(tab: PanelTab, text: string): void;
}

const TABS: [PanelTab, string][] = [
  ['task', 'Task'],
  ['code', 'Code'],
  ['results', 'Results'],
  ['console', 'Console'],
];

/** `targets` are the ids of what each tab shows (for aria-controls). */
export function mountPanelTabs(page: HTMLElement, targets: Record<PanelTab, string>): PanelTabs {
  const tabs = new Map<PanelTab, HTMLButtonElement>();
  for (const [name, label] of TABS)
    tabs.set(
      name,
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab-${name}`,
          'aria-controls': targets[name],
          'data-testid': `tab-${name}`,
          on: { click: () => select(name, true) },
        },
        label,
      ),
    );
  const order = [...tabs.keys()];
  const bar = h('div', { class: 'panel-tabs', role: 'tablist', 'aria-label': 'Shown panel' }, ...tabs.values());
  bar.addEventListener('keydown', (e) => {
    const at = order.indexOf(page.dataset.tab as PanelTab);
    const to: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: order.length - 1 };
    const next = to[e.key];
    if (next === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    select(order[(next + order.length) % order.length]!, true);
  });
  function select(tab: PanelTab, focus = false): void {
    page.dataset.tab = tab;
    for (const [name, button] of tabs) {
      const on = name === tab;
      button.setAttribute('aria-selected', String(on));
      button.tabIndex = on ? 0 : -1;
      if (on && focus) button.focus();
    }
  }
  select('task');
  return {
    bar,
    select,
    setLabel: (tab, text) => setText(tabs.get(tab)!, text),
  };
}
