// Compare strategies in the page, against a local endpoint: repair runs out of attempts on the
// running-median task while best-of-n passes, and the side-by-side table shows both with the
// model calls, samples and tokens each used; the two sessions open from the table, the
// comparison reopens after a reload, Stop skips the side not yet run, both sides' choices survive
// a reload and the next comparison uses them, and the view passes axe.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appReady, attempts, pickExample, text, waitBusy, waitForText } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pageWithModel } from './support/page-with-model.ts';
import { BUGGY, EXAMPLE, FIXED } from './support/replies.ts';

/** Another wrong program with the same bug: a different attempt, so the loop is not stuck. */
const BUGGY_AGAIN = BUGGY.replace('medians = []', 'medians: list = []');
const used = (text: string) => ({ text, usage: { input: 100, output: 10 } });

/** The table's cells of one measure, A first. */
function row(page: Page, measure: string): Promise<string[]> {
  return page.$$eval(`[data-testid="compare-${measure}"] td`, (cells) => cells.map((c) => c.textContent ?? ''));
}

async function openCompare(page: Page): Promise<void> {
  const toggle = page.getByTestId('compare-toggle');
  await toggle.click();
  await page.waitForSelector('[data-testid="compare-panel"]:not([hidden])');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
}

describe('comparing two strategies side by side', () => {
  const app = pageWithModel();

  it('runs repair and best-of-n on one task and shows both outcomes with their calls and samples', async () => {
    const { page, server } = app;
    await pickExample(page, EXAMPLE);
    await page.getByLabel('Max iterations', { exact: true }).fill('2');
    await openCompare(page);
    await page.selectOption('#compare-a-name', 'repair');
    await page.selectOption('#compare-b-name', 'best-of-n');
    expect(await page.locator('#compare-a-samples').isVisible()).toBe(false);
    await page.locator('#compare-b-samples').fill('3');

    const before = server.chatRequests().length;
    // Repair: two wrong programs, then its cap. Best-of-n: one wrong sample and two right ones.
    server.reply(used(BUGGY), used(BUGGY_AGAIN), used(BUGGY), used(FIXED), used(FIXED));
    await page.getByTestId('compare-run').click();
    await waitForText(page, 'compare-verdict', /\S/);
    await waitBusy(page, false);

    expect(await text(page, 'compare-verdict')).toBe('Only B (Best of N, 3 samples) passed.');
    expect(await page.$$eval('.compare-table thead th', (th) => th.map((c) => c.textContent))).toEqual([
      'Measure',
      'A: Repair',
      'B: Best of N, 3 samples',
    ]);
    expect(await row(page, 'result')).toEqual(['not passed', 'passed']);
    expect(await row(page, 'attempts')).toEqual(['2', '1']);
    expect(await row(page, 'model-calls')).toEqual(['2', '3']);
    expect(await row(page, 'samples')).toEqual(['2', '3']);
    expect(await row(page, 'tokens-in')).toEqual(['200', '300']);
    expect(await row(page, 'tokens-out')).toEqual(['20', '30']);
    expect(await row(page, 'end')).toEqual(['iteration cap', 'passed']);
    for (const t of await row(page, 'time')) expect(t).toMatch(/^\d+(\.\d)? (ms|s)$/);
    expect(server.chatRequests().length - before).toBe(5);

    await expectAccessible(page, 'strategy comparison', { include: '[data-testid="compare-panel"]' });

    // Each side's session opens from the table, by keyboard.
    await page.getByRole('button', { name: 'Open session A' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(page, 'session-end', /iteration cap/);
    expect((await attempts(page)).map((a) => a.index)).toEqual([0, 1]);
    await page.getByRole('button', { name: 'Open session B' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(page, 'session-end', /^passed/);
    expect(await attempts(page)).toHaveLength(1);
  });

  it('reopens the comparison from the history after a reload', async () => {
    const { page } = app;
    await page.reload();
    await appReady(page);
    await openCompare(page);
    // The sides show what was chosen before the reload.
    expect(await page.locator('#compare-b-name').inputValue()).toBe('best-of-n');
    expect(await page.locator('#compare-b-samples').inputValue()).toBe('3');
    const past = page.locator('.compare-past-open');
    await past.first().waitFor();
    expect(await past.allTextContents()).toEqual(['Running median: Repair against Best of N, 3 samples']);
    await past.first().click();
    await waitForText(page, 'compare-verdict', /Only B/);
    expect(await row(page, 'model-calls')).toEqual(['2', '3']);
    expect(await row(page, 'samples')).toEqual(['2', '3']);
    expect(await row(page, 'attempts')).toEqual(['2', '1']);
    expect(await page.locator('.compare-table caption').textContent()).toMatch(/^Running median, side by side \(/);
  });

  it('Stop ends the side running and skips the other', async () => {
    const { page, server } = app;
    await page.selectOption('#compare-a-name', 'reflexion');
    await page.selectOption('#compare-b-name', 'codet');
    await page.locator('#compare-b-samples').fill('5');
    const before = server.chatRequests().length;
    server.script('hang');
    await page.getByTestId('compare-run').click();
    await waitForText(page, 'compare-status', /Running A \(Reflexion\)/);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="compare-output"]')?.textContent?.includes('running'),
    );
    while (server.chatRequests().length === before) await new Promise((r) => setTimeout(r, 50));
    await page.getByTestId('stop').click();
    await waitForText(page, 'compare-verdict', /did not run/);
    await waitBusy(page, false);
    expect(await text(page, 'compare-verdict')).toBe('B (CodeT, 5 samples) did not run: the comparison was stopped.');
    expect(await row(page, 'result')).toEqual(['not passed', 'not run']);
    expect(await row(page, 'end')).toEqual(['stopped', 'not run']);
    expect(server.chatRequests().length - before).toBe(1);
    // Both comparisons are listed, the newest first.
    expect(await page.locator('.compare-past-open').allTextContents()).toEqual([
      'Running median: Reflexion against CodeT, 5 samples',
      'Running median: Repair against Best of N, 3 samples',
    ]);
  });

  it('remembers both sides, with their samples and tracing, across a reload, and runs what it shows', async () => {
    const { page, server } = app;
    await page.selectOption('#compare-a-name', 'best-of-n');
    await page.locator('#compare-a-samples').fill('2');
    await page.locator('#compare-a-trace').check();
    await page.selectOption('#compare-b-name', 'reflexion');
    await page.reload();
    await appReady(page);
    await openCompare(page);
    expect(await page.locator('#compare-a-name').inputValue()).toBe('best-of-n');
    expect(await page.locator('#compare-a-samples').inputValue()).toBe('2');
    expect(await page.locator('#compare-a-trace').isChecked()).toBe(true);
    expect(await page.locator('#compare-b-name').inputValue()).toBe('reflexion');
    expect(await page.locator('#compare-b-samples').isVisible()).toBe(false);
    expect(await page.locator('#compare-b-trace').isChecked()).toBe(false);

    const before = server.chatRequests().length;
    // Best of N draws two right samples; Reflexion passes at once.
    server.reply(used(FIXED), used(FIXED), used(FIXED));
    await page.getByTestId('compare-run').click();
    await waitForText(page, 'compare-verdict', /\S/);
    await waitBusy(page, false);
    expect(await page.$$eval('.compare-table thead th', (th) => th.map((c) => c.textContent))).toEqual([
      'Measure',
      'A: Best of N, 2 samples, traced',
      'B: Reflexion',
    ]);
    expect(await text(page, 'compare-verdict')).toBe(
      'Both passed; B (Reflexion) used fewer model calls (2 against 1).',
    );
    expect(await row(page, 'samples')).toEqual(['2', '1']);
    expect(await row(page, 'model-calls')).toEqual(['2', '1']);
    expect(server.chatRequests().length - before).toBe(3);
    expect(await page.locator('.compare-past-open').first().textContent()).toBe(
      'Running median: Best of N, 2 samples, traced against Reflexion',
    );
  });
});
