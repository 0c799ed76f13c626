// TypeScript's completions, hovers and signature help in the candidate editor, answered by the
// page's checker worker: `xs.` offers an array's methods and accepting one inserts it, a hover
// over a function shows its signature, a request after an edit answers for the new text, and
// JavaScript tasks get the same while Python tasks get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageContext } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { editorText, openApp, pickExample } from './support/app.ts';

const LONG = 60_000;
const editor = (page: Page) => page.locator('[data-testid="editor"]');
const options = (page: Page) => page.locator('.cm-tooltip-autocomplete li');

/** Empties the editor, then types `text` key by key, as a person does. */
async function typeFresh(page: Page, text: string): Promise<void> {
  const content = editor(page).locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await page.keyboard.type(text);
}

/** The labels of the completion list once it shows `expected`. */
async function offered(page: Page, expected: string): Promise<string[]> {
  await page
    .locator('.cm-tooltip-autocomplete li', { hasText: new RegExp(`^${expected}`) })
    .first()
    .waitFor({ timeout: LONG });
  return options(page).locator('.cm-completionLabel').allTextContents();
}

describe('completion and hover in the editor', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
    await ctx.page.setViewportSize({ width: 1400, height: 900 });
  });
  afterAll(() => ctx?.close());

  it("offers an array's methods after `xs.`; accepting one inserts it", async () => {
    const { page } = ctx;
    await pickExample(page, 'example-ts-merge-intervals');
    await typeFresh(page, 'const xs = [1,2,3]; xs.');
    const labels = await offered(page, 'map');
    expect(labels).toEqual(expect.arrayContaining(['map', 'filter', 'length', 'reduce']));
    expect(labels).not.toContain('toUpperCase');
    // The list is scrolled by the arrow keys from the editor (a combobox pointing at the selected
    // option), and it closes when focus leaves the editor, so it is never a Tab stop: axe's
    // "scrollable region must be focusable" does not apply to it. What makes it usable instead:
    const content = editor(page).locator('.cm-content');
    const list = page.locator('.cm-tooltip-autocomplete ul[role="listbox"]');
    expect(await content.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await list.getAttribute('aria-label')).toBe('Completions');
    const selected = await content.getAttribute('aria-activedescendant');
    expect(await page.locator(`#${selected}`).getAttribute('role')).toBe('option');
    await page.keyboard.press('ArrowDown');
    expect(await content.getAttribute('aria-activedescendant')).not.toBe(selected);
    await expectAccessible(page, 'the editor with the completion list open', {
      include: '[data-testid="editor"]',
      exclude: ['.cm-tooltip-autocomplete ul'],
    });
    await expect.poll(() => list.count()).toBe(1);
    await page.keyboard.type('ma');
    await expect.poll(() => options(page).first().locator('.cm-completionLabel').textContent()).toBe('map');
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toBe('const xs = [1,2,3]; xs.map');
    await expect.poll(() => options(page).count()).toBe(0);
  });

  it('answers a request after an edit for the new text', async () => {
    const { page } = ctx;
    await typeFresh(page, "let v = 'text';\nv.");
    expect(await offered(page, 'toUpperCase')).not.toContain('toFixed');
    await typeFresh(page, 'let v = 42;\nv.');
    const labels = await offered(page, 'toFixed');
    expect(labels).not.toContain('toUpperCase');
    // Typing on narrows the same list; it never brings back the old text's.
    await page.keyboard.type('toPr');
    await expect.poll(() => options(page).locator('.cm-completionLabel').allTextContents()).toEqual(['toPrecision']);
    await page.keyboard.press('Escape');
  });

  it("shows a function's signature on hover", async () => {
    const { page } = ctx;
    await typeFresh(page, 'function add(a: number, b: number): number {\nreturn a + b;\n}\nadd(1, 2);');
    await page.keyboard.press('Escape');
    const call = editor(page).locator('.cm-line').nth(3);
    const box = (await call.boundingBox())!;
    await page.mouse.move(box.x + 8, box.y + box.height / 2);
    const tip = page.locator('.cm-tooltip-hover');
    await tip.waitFor({ timeout: LONG });
    expect(await tip.locator('.cm-intel-signature').textContent()).toBe('function add(a: number, b: number): number');
    await page.mouse.move(0, 0);
  });

  it('shows the signature of the call being written, its argument marked', async () => {
    const { page } = ctx;
    await typeFresh(page, 'Math.max(1, ');
    const help = page.locator('.cm-intel-signatures');
    await help.waitFor({ timeout: LONG });
    expect(await help.locator('.cm-intel-signature').textContent()).toBe('max(...values: number[]): number');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });

  it('serves JavaScript tasks too, with the runner’s assert', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-js-balanced-brackets');
    await typeFresh(page, "const assert = require('node:assert');\nassert.");
    expect(await offered(page, 'strictEqual')).toEqual(expect.arrayContaining(['deepStrictEqual', 'throws']));
    await page.keyboard.press('Escape');
    await typeFresh(page, 'const xs = [1,2,3]; xs.');
    expect(await offered(page, 'map')).toContain('filter');
    await page.keyboard.press('Escape');
  });

  it('is no keyboard trap: Escape closes the list, then Escape and Tab leave the editor', async () => {
    const { page } = ctx;
    await typeFresh(page, 'const xs = [1,2,3]; xs.');
    await offered(page, 'map');
    await page.keyboard.press('Escape');
    await expect.poll(() => options(page).count()).toBe(0);
    expect(await editorText(page)).toBe('const xs = [1,2,3]; xs.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="editor"]'))).toBe(false);
  });

  it('offers nothing in a Python task', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-running-median');
    await typeFresh(page, 'xs = [1, 2, 3]\nxs.');
    // Long enough for a TypeScript answer to have come (the worker is warm by now).
    await page.waitForTimeout(1500);
    expect(await options(page).count()).toBe(0);
  });
});
