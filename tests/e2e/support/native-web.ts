// Verdicts of web pages in plain headless Chromium with the network off: the page loaded as the
// top document (no sandbox, no CSP of Fixpoint's), its uncaught errors heard by the browser, then
// the checks evaluated in it with a small Node-like assert. Fixpoint's verdicts must agree.
import type { Browser } from 'playwright-core';
import type { Viewport } from '../../../src/shared/web.ts';

export type Verdict = 'passed' | 'failed' | 'timed out';

const ASSERT = `(() => {
  class AssertionError extends Error { constructor(m) { super(m); this.name = 'AssertionError'; } }
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const assert = (v, m) => { if (!v) throw new AssertionError(m || 'falsy'); };
  assert.ok = assert;
  assert.equal = (a, b) => { if (a != b) throw new AssertionError(a + ' == ' + b); };
  assert.strictEqual = (a, b) => { if (!Object.is(a, b)) throw new AssertionError(a + ' !== ' + b); };
  assert.notStrictEqual = (a, b) => { if (Object.is(a, b)) throw new AssertionError(a + ' === ' + b); };
  assert.deepStrictEqual = (a, b) => { if (!same(a, b)) throw new AssertionError('not deep equal'); };
  return assert;
})()`;

export async function nativeVerdict(
  browser: Browser,
  html: string,
  checks: string,
  timeoutSec: number,
  viewport: Viewport = { width: 800, height: 600 },
): Promise<Verdict> {
  const context = await browser.newContext({ viewport, offline: true, javaScriptEnabled: true });
  await context.route('**/*', (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const run = async (): Promise<Verdict> => {
    await page.setContent(html, { waitUntil: 'load', timeout: timeoutSec * 1000 });
    const ok = await page.evaluate(
      async ([source, assertSource]) => {
        const fn = new Function('assert', `return (async () => {\n${source}\n})()`) as (a: unknown) => Promise<void>;
        const assert = new Function(`return ${assertSource}`)() as unknown;
        try {
          await fn(assert);
          return true;
        } catch {
          return false;
        }
      },
      [checks, ASSERT] as const,
    );
    // An error the checks set off reaches 'pageerror' a moment later.
    await page.waitForTimeout(50);
    return ok && errors.length === 0 ? 'passed' : 'failed';
  };
  try {
    return await Promise.race([
      run().catch((): Verdict => 'timed out'),
      new Promise<Verdict>((ok) => setTimeout(() => ok('timed out'), timeoutSec * 1000)),
    ]);
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** eval's result text as one of the three verdicts. */
export const verdictOf = (result: string): Verdict =>
  result === 'passed' ? 'passed' : result === 'timed out' ? 'timed out' : 'failed';
