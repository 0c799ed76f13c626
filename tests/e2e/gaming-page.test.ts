// A flagged pass in the page: the timeline says "passed, flagged" in its own colour, the feedback
// says what was flagged, the code marks the lines, the loop goes on to a real solution, and the
// history keeps the flags. Passes axe in both themes. FIXPOINT_SHOTS=dir saves screenshots there.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { attempts, openHistory, pickExample, runLoop, selectAttempt, text } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';

const TABLE =
  "```python\ndef to_roman(n):\n    known = {1: 'I', 4: 'IV', 9: 'IX', 58: 'LVIII', 1994: 'MCMXCIV', 444: 'CDXLIV', 3999: 'MMMCMXCIX'}\n    return known[n]\n```\n";
const REAL =
  "```python\ndef to_roman(n):\n    out = ''\n    for v, s in [(1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'), (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')]:\n        while n >= v:\n            out += s\n            n -= v\n    return out\n```\n";

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.FIXPOINT_SHOTS;
  if (!dir) return;
  for (const [w, hgt] of [
    [1400, 900],
    [390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: hgt });
      await page.emulateMedia({ colorScheme });
      await page.locator('[data-testid="attempt"]').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${name}-${w}-${colorScheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 2200 });
  await page.emulateMedia({ colorScheme: 'dark' });
}

describe('a flagged pass in the page', () => {
  const app = pageWithModel({ tall: true });

  it('is shown as flagged, with its lines marked, and the loop goes on to a real solution', async () => {
    const { page, server } = app;
    await pickExample(page, 'example-roman-numerals');
    server.reply(TABLE, REAL);
    await runLoop(page);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    const rows = await attempts(page);
    expect(rows.map((r) => [r.verdict, r.tone])).toEqual([
      ['passed, flagged: hardcoded-tests', 'flagged'],
      ['passed', 'passed'],
    ]);
    await selectAttempt(page, 0);
    expect(await text(page, 'feedback')).toMatch(
      /flagged: it passes the tests without solving the task\.\n- hardcoded-tests \(line 2\): to_roman\(\) looks up \d+ test inputs/,
    );
    const marked = page.locator('[data-testid="editor"] .cm-flag-line');
    await expect.poll(() => marked.count()).toBe(1);
    expect(await marked.innerText()).toContain('known = {1:');
    await shots(page, 'flagged-attempt');
    await expectAccessible(page, 'a flagged attempt');
  });

  it('keeps the flags in the history', async () => {
    const { page } = app;
    await openHistory(page);
    await page.locator('[data-testid="history-dialog"] .fp-history-open').first().click();
    await expect.poll(async () => (await attempts(page)).map((r) => r.tone)).toEqual(['flagged', 'passed']);
    await selectAttempt(page, 0);
    expect(await text(page, 'feedback')).toMatch(/hardcoded-tests \(line 2\)/);
    await expect.poll(() => page.locator('[data-testid="editor"] .cm-flag-line').count()).toBe(1);
  });
});
