// Tasks the loop cannot work on are refused before any model call, and a refused number says the
// same in its field as on the verdict line when Run is pressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from './support/browser.ts';
import { attempts, openApp, pickExample, text, waitForText } from './support/app.ts';

describe('refusals before a run', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: false });
  });
  afterAll(() => ctx?.close());

  it('a blank task with no description: Run loop asks for one and starts nothing', async () => {
    const { page } = ctx;
    await pickExample(page, '');
    expect(await page.inputValue('#task-prompt')).toBe('');
    await page.getByTestId('run-loop').click();
    expect(await waitForText(page, 'verdict', /description/, 5000)).toMatch(/^Write a description first/);
    expect(await attempts(page)).toEqual([]);
    expect(await page.locator('#app').getAttribute('data-busy')).toBe('false');
  });

  it('a refused limit: the field says nothing runs until it is corrected, and Run refuses', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-roman-numerals');
    const field = page.getByLabel('Max iterations');
    await field.fill('0');
    const message = page.locator('.num-field.invalid .field-message');
    expect(await message.textContent()).toMatch(/at least 1\. Nothing runs until it is corrected\.$/);
    await page.getByTestId('run-loop').click();
    expect(await text(page, 'verdict')).toMatch(/^Correct the task first: Max iterations: Must be at least 1\./);
    expect(await attempts(page)).toEqual([]);
    await field.fill('2');
    expect(await page.locator('.num-field.invalid').count()).toBe(0);
  });

  it('on a phone, where the verdict sits below the code, a refusal brings it into view', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 390, height: 844 });
    await pickExample(page, '');
    await page.getByTestId('run-loop').click();
    await waitForText(page, 'verdict', /description/, 5000);
    const box = await page.getByTestId('verdict').boundingBox();
    // Scrolled to the nearest edge: its bottom may sit a fraction of a pixel past it.
    expect(box && box.y >= 0 && box.y + box.height <= 845).toBe(true);
  });
});
