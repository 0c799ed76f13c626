// The strategy picker in the page, against a local endpoint: best-of-n draws the samples it is
// set to and ends on a passing one though the first is wrong; reflexion's diagnosis reaches the
// next request; the choice survives a reload.
import { describe, expect, it } from 'vitest';
import { appReady, pickExample, runLoop, text } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';
import { BUGGY, EXAMPLE, FIXED } from './support/replies.ts';

const DIAGNOSIS = 'The even case divides with // and so drops the half: use / instead.';

describe('strategies picked in the page', () => {
  const app = pageWithModel();

  it('best-of-n draws its samples at once and ends on one that passes, though the first is wrong', async () => {
    const { page, server } = app;
    await page.selectOption('#strategy-name', 'best-of-n');
    expect(await page.locator('#strategy-explanation').textContent()).toBeTruthy();
    await page.locator('#strategy-samples').fill('3');
    await page.locator('#strategy-samples').dispatchEvent('change');
    await pickExample(page, EXAMPLE);
    const before = server.chatRequests().length;
    server.reply(BUGGY, FIXED, FIXED);
    await runLoop(page);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    expect(server.chatRequests().length - before).toBe(3);
  });

  it('reflexion asks for a diagnosis after a failure, and the next request carries it', async () => {
    const { page, server } = app;
    await page.selectOption('#strategy-name', 'reflexion');
    expect(await page.locator('#strategy-samples').isVisible()).toBe(false);
    const before = server.chatRequests().length;
    server.reply(BUGGY, DIAGNOSIS, FIXED);
    await runLoop(page);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    const asked = server.chatRequests().slice(before);
    expect(asked).toHaveLength(3);
    expect(JSON.stringify(asked[2]!.body)).toContain(DIAGNOSIS);
  });

  it('keeps the choice after a reload', async () => {
    const { page } = app;
    await page.reload();
    await appReady(page);
    expect(await page.locator('#strategy-name').inputValue()).toBe('reflexion');
    await page.selectOption('#strategy-name', 'best-of-n');
    expect(await page.locator('#strategy-samples').inputValue()).toBe('3');
  });
});
