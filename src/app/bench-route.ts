// The Benchmark view's place in the page: #benchmark shows it instead of the loop, and its code
// (with the chart library) is fetched the first time it opens, so the first paint stays light.
// A task's row opens its session back in the loop view.
import { withKey } from '../models/keys.ts';
import type { Runtime } from '../shared/runtime.ts';
import { h } from '../ui/common/dom.ts';
import { ENDPOINT_CHANGED, endpointLabel } from './endpoint-settings.ts';
import { pageSandboxes } from './page-parallelism.ts';
import { openSession } from './page-sessions.ts';
import type { PageState } from './page-state.ts';

const BENCH_HASH = '#benchmark';

export function installBenchRoute(page: PageState): void {
  const slot = h('div', { class: 'bench-slot', 'data-testid': 'bench-slot', hidden: true });
  // The view takes the loop's place under the page's header, which stays (Settings, History).
  const loopView = page.root.querySelector<HTMLElement>('.app-main');
  if (loopView) loopView.after(slot);
  else page.root.append(slot);
  const pool: Runtime[] = [page.runtime];
  let mounted: Promise<{ refresh(): void }> | undefined;

  const show = (bench: boolean): void => {
    slot.hidden = !bench;
    if (loopView) loopView.hidden = bench;
    page.root.classList.toggle('view-bench', bench);
    if (!bench) return;
    mounted ??= import('./bench/bench-page.ts').then((m) =>
      m.mountBenchmark(slot, {
        endpoint: () => withKey(page.endpoint.config, page.keys),
        endpointLabel: () => endpointLabel(page.endpoint),
        history: () => page.store,
        runtimes: (n) => m.growPool(pool, n),
        defaultSandboxes: pageSandboxes(),
        openSession: (id) => {
          location.hash = '';
          void openSession(page, id);
        },
        openSettings: () => page.layout.buttons.settings.click(),
        close: () => (location.hash = ''),
      }),
    );
    void mounted.then((view) => view.refresh());
  };
  page.layout.buttons.benchmark.addEventListener('click', () => (location.hash = BENCH_HASH));
  // Settings saved from the Benchmark view change what it runs with (and whether it can run).
  page.root.addEventListener(ENDPOINT_CHANGED, () => void mounted?.then((view) => view.refresh()));
  window.addEventListener('hashchange', () => show(location.hash === BENCH_HASH));
  if (location.hash === BENCH_HASH) show(true);
}
