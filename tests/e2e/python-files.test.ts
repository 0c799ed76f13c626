// Python's large files (Pyodide's modules, its wasm, the standard library) are kept in this
// browser's storage once they have booted Python: later visits take them from there, not from
// the server; a kept file that does not boot is dropped, and the next visit fetches it again.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pyJob, sharedBrowser } from './support/browser.ts';

const LARGE = [
  '/pyodide/pyodide.mjs',
  '/pyodide/pyodide.asm.mjs',
  '/pyodide/pyodide.asm.wasm',
  '/pyodide/python_stdlib.zip',
];

const asked: string[] = [];
const shared = sharedBrowser({ isolated: true, onRequest: (p) => asked.push(p) });

interface Visit {
  stdout: string;
  error?: string;
  /** Which of Python's large files reached the server. */
  fetched: string[];
  /** The files this page keeps, by path, once it is done caching. */
  kept: string[];
}

async function visit(context: BrowserContext, code: string): Promise<Visit> {
  asked.length = 0;
  const page = await context.newPage();
  try {
    await page.goto(`${shared.server.url}?headless`);
    const r = await page.evaluate(async (job) => {
      const res = await window.fixpoint.run(job, 0);
      const error = res.status === 'crashed' ? res.exception?.message : undefined;
      await window.fixpoint.cached();
      const keys = await (await caches.open('fixpoint-python-files')).keys();
      return { stdout: res.stdout, error, kept: keys.map((k) => new URL(k.url).pathname).sort() };
    }, pyJob(code));
    return { ...r, fetched: LARGE.filter((f) => asked.includes(f)) };
  } finally {
    await page.close();
  }
}

describe("Python's large files", () => {
  it('are fetched on a first visit, kept once Python is up, and taken from the browser on the next', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    const first = await visit(context, 'print(6 * 7)');
    expect(first).toMatchObject({ stdout: '42\n', fetched: LARGE, kept: [...LARGE].sort() });
    const again = await visit(context, 'import fractions\nprint(fractions.Fraction(3, 6))');
    // The standard library read from the kept zip: a module no snapshot holds imports from it.
    expect(again).toMatchObject({ stdout: '1/2\n', fetched: [], kept: [...LARGE].sort() });
    await context.close();
  });

  it('are dropped when a kept one will not boot Python, and fetched again on the next visit', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    await visit(context, 'print(1)');
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?headless`);
    await page.evaluate(async () => {
      const cache = await caches.open('fixpoint-python-files');
      const key = (await cache.keys()).find((k) => new URL(k.url).pathname.endsWith('pyodide.asm.wasm'))!;
      await cache.put(key, new Response('not WebAssembly'));
    });
    await page.close();
    const broken = await visit(context, 'print(2)');
    expect(broken.error).toMatch(/Python could not start: CompileError.*reload the page/);
    expect(broken.kept).toEqual([]);
    const again = await visit(context, 'print(3)');
    expect(again).toMatchObject({ stdout: '3\n', fetched: LARGE, kept: [...LARGE].sort() });
    await context.close();
  });

  it('are fetched again when a transfer is cut short once, and a file that never arrives is named', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    let cut = 0;
    await context.route('**/pyodide/pyodide.asm.wasm', (r) => (cut++ === 0 ? r.abort('failed') : r.continue()));
    expect(await visit(context, 'print(5)')).toMatchObject({ stdout: '5\n' });
    expect(cut).toBe(2);
    await context.close();
    const never = await shared.browser.newContext({ serviceWorkers: 'block' });
    await never.route('**/pyodide/pyodide.asm.wasm', (r) => r.abort('failed'));
    const v = await visit(never, 'print(6)');
    expect(v.error).toMatch(/could not load http:\/\/[^ ]*\/pyodide\/pyodide\.asm\.wasm: Failed to fetch/);
    await never.close();
  });
});
