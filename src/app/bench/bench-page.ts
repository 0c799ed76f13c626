// The Benchmark view's page side: the store of runs, the controller (bench-controller.ts) and the
// datasets, handed to the view that draws them (src/ui/bench/bench-view.ts). Loaded on demand
// (with Chart.js) when the view is first opened.
import type { Runtime } from '../../shared/runtime.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { SandboxRuntime } from '../../sandbox/sandbox-runtime.ts';
import { BenchStore } from '../../store/bench-store.ts';
import { mountBenchView, type BenchChange, type BenchHost } from '../../ui/bench/bench-view.ts';
import { BenchController } from './bench-controller.ts';
import { BUNDLED, isPackFile, loadBundled, loadFile, readFile } from './datasets.ts';
import { newRun } from './new-run.ts';
import { pageTypeScriptChecker } from '../typescript-checker.ts';

export async function mountBenchmark(container: HTMLElement, host: BenchHost): Promise<{ refresh(): void }> {
  let store: BenchStore | undefined;
  let storeProblem: string | undefined;
  try {
    store = await BenchStore.open();
  } catch (err) {
    storeProblem = `Benchmark runs cannot be saved in this browser: ${errorMessage(err)}`;
  }
  let changed: (change: BenchChange) => void = () => undefined;
  const bench = new BenchController({
    store,
    storeProblem,
    endpoint: () => host.endpoint(),
    runtimes: (n) => host.runtimes(n),
    history: () => host.history(),
    onChange: (change) => changed(change),
  });
  return mountBenchView(container, host, {
    bench,
    listen: (view) => (changed = view),
    datasets: { bundled: BUNDLED, isPackFile, loadBundled, loadFile, readFile },
    newRun,
  });
}

/** The benchmark's sandboxes: the page's own first, more started when a run asks for them. */
export function growPool(pool: Runtime[], n: number): Runtime[] {
  while (pool.length < n) pool.push(new SandboxRuntime({ typescript: pageTypeScriptChecker }));
  return pool.slice(0, n);
}
