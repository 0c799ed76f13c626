// The anchor for start-up figures: Pyodide with nothing of ours. A plain page, served locally with
// the same Pyodide files the app serves, starts a module worker that calls loadPyodide and runs
// one line; the figure is the page's clock (from navigation) when that result arrives.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChrome } from '../cli/browser.ts';
import { serveDist } from '../cli/server.ts';

const PYODIDE = resolve(import.meta.dirname, '../node_modules/pyodide');
const FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

const PAGE = `<!doctype html><meta charset="utf-8"><title>bare Pyodide</title><script type="module">
window.firstResult = new Promise((ok) => {
  const w = new Worker('./worker.mjs', { type: 'module' });
  w.onmessage = (e) => ok({ ms: performance.now(), value: e.data });
});
</script>`;
const WORKER = `import { loadPyodide } from './pyodide/pyodide.mjs';
const py = await loadPyodide({ indexURL: new URL('./pyodide/', import.meta.url).href });
postMessage(String(py.runPython('1 + 1')));
`;

function plainSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'fixpoint-bench-bare-'));
  mkdirSync(join(root, 'pyodide'));
  for (const f of FILES) symlinkSync(join(PYODIDE, f), join(root, 'pyodide', f));
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'worker.mjs'), WORKER);
  return root;
}

/** Milliseconds from navigation to the first result, in a new browser profile. */
export async function bareStartMs(): Promise<number> {
  const server = await serveDist({ root: plainSite(), isolated: true });
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'fixpoint-bench-bare-profile-')), {
    executablePath: findChrome(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    const r = await page.evaluate(
      () => (window as unknown as { firstResult: Promise<{ ms: number; value: string }> }).firstResult,
    );
    if (r.value !== '2') throw new Error(`bare Pyodide answered ${r.value}`);
    return r.ms;
  } finally {
    await context.close();
    await server.close();
  }
}
