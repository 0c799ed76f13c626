// The built page type-checks TypeScript in its checker worker, also with the network gone: the
// compiler and its lib files come from the app itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChrome } from '../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../cli/server.ts';
import { formatTsDiagnostics } from '../../src/shared/ts-diagnostics.ts';

describe('TypeScript checking in the page', () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    server = await serveDist({ isolated: true });
    browser = await launchChrome();
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('checks strictly for the loop and emits JavaScript that keeps its lines', async () => {
    const r = await page.evaluate(() =>
      window.fixpoint.typecheck('const n: number = "one";\nfunction twice(x) {\n  return x * 2;\n}\n', {
        strict: true,
      }),
    );
    expect(formatTsDiagnostics(r.diagnostics)).toBe(
      [
        "main.ts:1:7 TS2322 Type 'string' is not assignable to type 'number'.",
        "main.ts:2:16 TS7006 Parameter 'x' implicitly has an 'any' type.",
      ].join('\n'),
    );
    expect(r.js.split('\n')).toHaveLength(5);
  });

  it('works offline, the DOM types for grading included', async () => {
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForSelector('#app', { state: 'attached' });
    const loop = await page.evaluate(() => window.fixpoint.typecheck('let s: string = 1;\n', { strict: true }));
    expect(loop.diagnostics.map((d) => d.code)).toEqual([2322]);
    // Grading includes lib.dom.d.ts, which the worker loads on first use: `name` is a DOM global.
    const grading = await page.evaluate(() =>
      window.fixpoint.typecheck('declare var require: any;\nconst name = 1;\nfunction f(x) { return x; }\n', {
        strict: false,
      }),
    );
    expect(grading.diagnostics.map((d) => [d.line, d.code])).toEqual([[2, 2451]]);
  });
});
