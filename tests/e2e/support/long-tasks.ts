// Long tasks on the page's main thread, seen by a PerformanceObserver installed in the page:
// a run, however hostile, must never freeze the page the user is looking at.
import type { Page } from 'playwright-core';

export interface LongTask {
  name: string;
  startTime: number;
  duration: number;
}

declare global {
  interface Window {
    __longTasks?: { observer: PerformanceObserver; seen: LongTask[] };
  }
}

export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (window.__longTasks) return;
    const seen: LongTask[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.push({ name: e.name, startTime: e.startTime, duration: e.duration });
    });
    observer.observe({ type: 'longtask' });
    window.__longTasks = { observer, seen };
  });
}

/** The long tasks seen since the last call, then forgets them. */
export function takeLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(async () => {
    const w = window.__longTasks;
    if (!w) throw new Error('watchLongTasks was not called');
    // A task is reported after it ends, and not at all when it is a DevTools evaluation: let
    // the page's own tasks finish and be reported first.
    await new Promise((ok) => setTimeout(ok, 100));
    for (const e of w.observer.takeRecords())
      w.seen.push({ name: e.name, startTime: e.startTime, duration: e.duration });
    return w.seen.splice(0);
  });
}
