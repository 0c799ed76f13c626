// The anchor for start-up figures: Pyodide with nothing of ours. A plain page, served locally with
// the same Pyodide files the app serves, starts a module worker that calls loadPyodide and runs
// one line; the figure is the page's clock (from navigation) when that result arrives.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChrome } from '../cli/browser.ts';
import { serveDist } from '../cli/server.ts';
import { linkedFolder } from './linked-folder.ts';

const PYODIDE = resolve(import.meta.dirname, '../node_modules/pyodide');
const FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

const PAGE = `<!doctype html><meta charset="utf-8"><title>bare Pyodide</title><script type="module">
window.firstResult = new Promise((ok) => {
  const w = new Worker('./worker.mjs', { type: 'module' });
  w.onmessage = (e) => ok({ ms: performance.now(), value: e.data.value,
    started: e.data.started - performance.timeOrigin, loaded: e.data.loaded - performance.timeOrigin });
});
</script>`;
const WORKER = `const started = performance.timeOrigin + performance.now();
const { loadPyodide } = await import('./pyodide/pyodide.mjs');
const py = await loadPyodide({ indexURL: new URL('./pyodide/', import.meta.url).href });
const loaded = performance.timeOrigin + performance.now();
postMessage({ value: String(py.runPython('1 + 1')), started, loaded });
`;

export interface BareStart {
  /** Navigation to the first result. */
  ms: number;
  /** Navigation to the worker's code running. */
  workerStartedMs: number;
  /** Navigation to loadPyodide's end (files fetched, wasm compiled, stdlib loaded). */
  loadedMs: number;
}

function plainSite(): string {
  const root = linkedFolder('bare', Object.fromEntries(FILES.map((f) => [`pyodide/${f}`, join(PYODIDE, f)])));
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'worker.mjs'), WORKER);
  return root;
}

/** Milliseconds from navigation to the first result, in a new browser profile. */
export async function bareStart(): Promise<BareStart> {
  const server = await serveDist({ root: plainSite(), isolated: true });
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'fixpoint-bench-bare-profile-')), {
    executablePath: findChrome(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    type Answer = { ms: number; value: string; started: number; loaded: number };
    const r = await page.evaluate(() => (window as unknown as { firstResult: Promise<Answer> }).firstResult);
    if (r.value !== '2') throw new Error(`bare Pyodide answered ${r.value}`);
    return { ms: r.ms, workerStartedMs: r.started, loadedMs: r.loaded };
  } finally {
    await context.close();
    await server.close();
  }
}
