// Two tabs of the page open at once, both running loops: neither loses or corrupts the other's
// history, and neither marks the other's live session as interrupted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, type PageContext } from './support/browser.ts';
import { appReady, attempts, historyRows, openHistory, pickExample, waitBusy } from './support/app.ts';

describe('two tabs at once', () => {
  let ctx: PageContext;
  let second: Page;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true });
    await appReady(ctx.page);
    second = await ctx.page.context().newPage();
    await second.goto(ctx.server.url);
    await appReady(second);
  });
  afterAll(() => ctx?.close());

  it('runs a loop in each; both sessions are kept whole and shown in both tabs', async () => {
    const first = ctx.page;
    await pickExample(first, 'example-roman-numerals');
    await pickExample(second, 'example-balanced-brackets');
    await Promise.all([first.getByTestId('run-loop').click(), second.getByTestId('run-loop').click()]);
    // A third tab opened while both run must not take their sessions for leftovers of a crash.
    const third = await ctx.page.context().newPage();
    await third.goto(ctx.server.url);
    await appReady(third);
    await Promise.all([waitBusy(first, false), waitBusy(second, false)]);
    for (const page of [first, second]) {
      expect(await attempts(page)).toEqual([
        { index: 0, verdict: 'failed', tone: 'failed' },
        { index: 1, verdict: 'passed', tone: 'passed' },
      ]);
    }
    for (const page of [first, second, third]) {
      await openHistory(page);
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="history-dialog"] .fp-history-row').length >= 2,
      );
      const rows = await historyRows(page);
      expect(rows.map((r) => [r.title, r.status]).sort()).toEqual([
        ['Balanced brackets', 'done'],
        ['Roman numerals', 'done'],
      ]);
    }
  });
});
