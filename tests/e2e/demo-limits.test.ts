// The demo model where it cannot help: the Benchmark view says so before a run and starts none,
// Propose tests says so instead of "no tests", and the classroom assistant says so without
// spending one of the student's capped requests. Each names Settings as where a real model is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';
import { appReady, waitForText } from './support/app.ts';
import { startSample } from './support/classroom.ts';
import { expectAccessible } from './support/axe.ts';

describe('the demo model where it cannot help', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false });
    await appReady(ctx.page);
  });
  afterAll(() => ctx?.close());

  it('Propose tests says what the demo model knows and where to set a real one', async () => {
    const { page } = ctx;
    await page.getByTestId('propose-tests').click();
    const status = await waitForText(page, 'proposal-status', /demo model/, 5000);
    expect(status).toMatch(/example tasks/);
    expect(status).toMatch(/Settings/);
  });

  it('the Benchmark view says so before a run, starts none, and opens Settings', async () => {
    const { page } = ctx;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    const notice = page.getByTestId('bench-view').getByTestId('demo-notice');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toMatch(/demo model.*cannot solve benchmark tasks.*Settings/);
    await page.getByTestId('bench-start').click();
    expect(await waitForText(page, 'bench-notice', /Not started/, 5000)).toMatch(/Settings/);
    expect(await page.getByTestId('bench-runs').locator('option').count()).toBe(0);
    await expectAccessible(page, 'the Benchmark view with the demo notice', { include: '.bench-setup' });

    // Settings opens over the Benchmark view; with a real endpoint saved, the notice goes.
    await page.getByTestId('bench-open-settings').click();
    const dialog = page.getByTestId('settings-dialog');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.locator('select[name="preset"]').selectOption('custom');
    await dialog.locator('input[name="baseUrl"]').fill('http://127.0.0.1:9/v1');
    await dialog.locator('input[name="model"]').fill('some-model');
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => notice.isVisible()).toBe(false);
    expect(await page.getByTestId('bench-endpoint').textContent()).toContain('some-model');
  });

  it('the classroom assistant refuses up front and leaves the capped requests unspent', async () => {
    const { page } = ctx;
    await page.evaluate(() => localStorage.removeItem('fixpoint.endpoint'));
    await page.goto(`${ctx.server.url}/?classroom`);
    await startSample(page, 'Introduction to Python: five small functions', 'Count the vowels');
    expect(await page.getByTestId('demo-notice').textContent()).toMatch(/demo model.*Settings/);
    const counter = page.locator('.classroom-ai-counter');
    expect(await counter.textContent()).toBe('3 of 3 assistant requests left.');
    await page.getByRole('button', { name: 'Ask for a hint' }).click();
    await expect.poll(() => page.locator('.classroom-ai-status').textContent()).toMatch(/No request was used/);
    expect(await counter.textContent()).toBe('3 of 3 assistant requests left.');
    expect(await page.locator('.classroom-ai-reply').count()).toBe(0);
  });
});
