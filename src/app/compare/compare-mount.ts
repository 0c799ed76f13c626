// The strategy comparison in the page, loaded when first opened: runs A then B on the panel's
// task through the page's own loop (so the views show each run and Stop ends it), each as a
// session tagged with the comparison, then shows both; past comparisons come from the history.
import { comparisonCaption } from '../../ui/strategies/compare-caption.ts';
import type { StrategySettings } from '../../shared/strategy.ts';
import { mountComparePanel } from '../../ui/strategies/compare-panel.ts';
import { letterOf, pastComparisons, strategyLabel, summarize, verdict } from '../../ui/strategies/compare-model.ts';
import type { SideRun } from '../../ui/strategies/compare-model.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { playLoop } from '../loop-control.ts';
import { checkedLoopTask, loopParts, loopSettings, openSession } from '../page-sessions.ts';
import type { PageState } from '../page-state.ts';

export interface CompareView {
  el: HTMLElement;
  /** Reads the past comparisons again (the view was closed while the history changed). */
  refresh(): Promise<void>;
}

export function mountCompare(page: PageState, host: HTMLElement): CompareView {
  const panel = mountComparePanel({
    onRun: (sides) => void runBoth(sides),
    onOpen: (id) => void openSession(page, id),
    onShowPast: (id) => void showPast(id),
  });
  host.append(panel.el);
  // Locked with the rest of the task panel while anything runs.
  const sync = (): void => panel.setBusy(page.root.dataset.busy === 'true');
  new MutationObserver(sync).observe(page.root, { attributes: true, attributeFilter: ['data-busy'] });
  sync();

  async function refreshPast(): Promise<void> {
    try {
      panel.setPast(page.store ? pastComparisons(await page.store.listSessions()) : []);
    } catch (err) {
      panel.setStatus(`Past comparisons could not be read: ${errorMessage(err)}`, 'error');
    }
  }
  page.store?.onHistoryChanged(() => void refreshPast());

  async function runBoth(sides: StrategySettings[]): Promise<void> {
    if (page.running) return panel.setStatus('Stop the running loop first.', 'error');
    const task = checkedLoopTask(page);
    if (!task) return panel.setStatus('The task cannot run yet: the line above the attempts says why.', 'error');
    const compare = crypto.randomUUID();
    const caption = comparisonCaption(task.title);
    const runs: SideRun[] = sides.map((strategy, side) => ({ side, strategy }));
    panel.show(caption, runs);
    await page.exclusive(async (signal) => {
      page.sessionShown();
      page.notices.dismiss('interrupted');
      for (const [side, strategy] of sides.entries()) {
        if (signal.aborted) break;
        runs[side] = { side, strategy, running: true };
        panel.show(caption, runs);
        const which = `${letterOf(side)} (${strategyLabel(strategy)})`;
        panel.setStatus(`Running ${which}…`);
        page.layout.announce(`Comparison: running ${which}`);
        const parts = { ...loopParts(page), settings: () => ({ ...loopSettings(page), strategy }) };
        const played = await playLoop(parts, { task, signal, compare: { id: compare, side, plan: sides } });
        runs[side] = { side, strategy, session: played.session, attempts: played.attempts?.length };
        if (!played.stored) page.taskChanged();
        panel.show(caption, runs);
      }
    });
    const sentence = verdict(runs.map(summarize));
    panel.setStatus('');
    page.layout.announce(`Comparison finished. ${sentence}`);
    await refreshPast();
  }

  async function showPast(id: string): Promise<void> {
    const { store } = page;
    if (!store) return panel.setStatus(`Past comparisons are not available: ${page.storeProblem}`, 'error');
    try {
      const found = pastComparisons(await store.listSessions()).find((c) => c.id === id);
      if (!found) {
        panel.setStatus('That comparison is no longer in the history.', 'error');
        return refreshPast();
      }
      const runs = await Promise.all(
        found.sides.map(async (s) => ({ ...s, attempts: s.session && (await store.getAttempts(s.session.id)).length })),
      );
      panel.setStatus('');
      panel.show(comparisonCaption(found.title, found.createdAt), runs);
    } catch (err) {
      panel.setStatus(`The comparison could not be read: ${errorMessage(err)}`, 'error');
    }
  }

  void refreshPast();
  return { el: panel.el, refresh: refreshPast };
}
