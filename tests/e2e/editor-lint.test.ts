// Errors underlined in the editor, in the lint gutter too, with the message on hover: a Python
// exception at the line its traceback names, and each TypeScript diagnostic at its line and
// column. An edit and a clean run take the marks away again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageContext } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { openApp, pickExample, waitBusy } from './support/app.ts';

const editor = (page: Page) => page.locator('[data-testid="editor"]');

async function runOnce(page: Page, code: string): Promise<void> {
  await editor(page).locator('.cm-content').fill(code);
  await page.getByTestId('run-once').click();
  await waitBusy(page, false);
}

/** The underlined text, and the message shown when the pointer rests on it. */
async function hover(page: Page, index = 0): Promise<{ marked: string; message: string }> {
  const range = editor(page).locator('.cm-lintRange-error').nth(index);
  await range.hover();
  const tip = page.locator('.cm-tooltip-lint');
  await tip.waitFor();
  const out = { marked: (await range.textContent()) ?? '', message: (await tip.textContent()) ?? '' };
  await page.mouse.move(0, 0);
  return out;
}

describe('errors underlined in the editor', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  afterAll(() => ctx?.close());

  it('a Python exception is underlined at its line, marked in the gutter, its message on hover', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-running-median');
    await runOnce(page, 'def running_median(nums):\n    total = 0\n    return [1 / total for _ in nums]');
    await expect.poll(() => editor(page).locator('.cm-lintRange-error').count()).toBe(1);
    expect(await editor(page).locator('.cm-lint-marker-error').count()).toBe(1);
    const { marked, message } = await hover(page);
    expect(marked).toBe('    return [1 / total for _ in nums]');
    expect(message).toMatch(/^ZeroDivisionError: division by zero/);
    await expectAccessible(page, 'the editor with an underlined error', { include: '[data-testid="editor"]' });
  });

  it('a right run clears the marks', async () => {
    const { page } = ctx;
    await runOnce(
      page,
      'def running_median(nums):\n    out = []\n    for i in range(len(nums)):\n        s = sorted(nums[: i + 1])\n        n = len(s)\n        out.append(s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2)\n    return out',
    );
    await expect.poll(() => editor(page).locator('.cm-lintRange-error').count()).toBe(0);
    expect(await editor(page).locator('.cm-lint-marker-error').count()).toBe(0);
  });

  it('each TypeScript diagnostic is underlined from its column, with its code and message', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-ts-merge-intervals');
    await runOnce(
      page,
      "function mergeIntervals(xs: number[][]): number[][] {\n  const n: number = 'two';\n  const m: string = 3;\n  return xs;\n}",
    );
    await expect.poll(() => editor(page).locator('.cm-lintRange-error').count()).toBe(2);
    const first = await hover(page, 0);
    expect(first.marked).toBe("n: number = 'two';");
    expect(first.message).toMatch(/^TS2322 Type 'string' is not assignable to type 'number'/);
    const second = await hover(page, 1);
    expect(second.message).toMatch(/^TS2322 Type 'number' is not assignable to type 'string'/);
  });
});
