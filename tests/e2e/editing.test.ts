// Working with the code by hand, with the demo model and without cross-origin isolation: run the
// editor's code once without a model, start the loop from the keyboard, then edit an attempt and
// continue the session from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from './support/browser.ts';
import {
  appReady,
  attempts,
  editorText,
  openApp,
  pickExample,
  selectAttempt,
  text,
  waitBusy,
  waitForText,
} from './support/app.ts';

const WRONG = "def to_roman(n):\n    return 'I' * n\n";

describe('editing code by hand (not isolated)', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: false });
    await pickExample(ctx.page, 'example-roman-numerals');
  });
  afterAll(() => ctx?.close());

  const editor = () => ctx.page.locator('[data-testid="editor"] .cm-content');

  it('Run once runs the editor code against the tests, with no model and no session', async () => {
    const { page } = ctx;
    await editor().fill(WRONG);
    await page.getByTestId('run-once').click();
    await waitBusy(page, false);
    expect(await text(page, 'verdict')).toMatch(/^Run once: failed — 1\/7 tests/);
    expect(await text(page, 'feedback')).toMatch(/to_roman\(4\)/);
    await waitForText(page, 'terminal', /failed — 1\/7 tests/);
    expect(await attempts(page)).toEqual([]);
  });

  it('Ctrl+Enter runs the loop; the editor is read-only while it runs', async () => {
    const { page } = ctx;
    await editor().click();
    await page.keyboard.press('Control+Enter');
    expect(await editor().getAttribute('aria-readonly')).toBe('true');
    await waitBusy(page, false);
    expect(await editor().getAttribute('aria-readonly')).toBe('false');
    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed', 'passed']);
  });

  it('an attempt edited by hand continues the session and is run as its own attempt', async () => {
    const { page } = ctx;
    await selectAttempt(page, 0);
    const buggy = await editorText(page);
    expect(buggy).not.toContain("(400, 'CD')");
    await editor().fill(
      buggy
        .replace("(500, 'D'), (100, 'C')", "(500, 'D'), (400, 'CD'), (100, 'C')")
        .replace("(50, 'L'), (10, 'X')", "(50, 'L'), (40, 'XL'), (10, 'X')"),
    );
    await page.getByTestId('continue').click();
    await waitBusy(page, false);

    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed', 'passed', 'passed']);
    expect(await page.locator('[data-testid="attempt"][data-index="2"]').innerText()).toContain('edited by hand');
    expect(await text(page, 'session-end')).toMatch(/^passed.*the edited code passes all 7 tests/);
  });

  it('an output cap that is no whole number of KiB is kept as it was when the task is edited', async () => {
    const { page } = ctx;
    const KEY = 'fixpoint.task-draft';
    await page.evaluate((key) => {
      const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as { task: { limits: { outputCap: number } } };
      draft.task.limits.outputCap = 1000;
      localStorage.setItem(key, JSON.stringify(draft));
    }, KEY);
    await page.reload();
    await appReady(page);
    expect(await page.getByLabel('Output cap (KiB)').inputValue()).toBe('0.98');
    await page.locator('#task-title').fill('Roman numerals, capped');
    const cap = () =>
      page.evaluate((key) => {
        const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as { task: { limits: { outputCap: number } } };
        return draft.task.limits.outputCap;
      }, KEY);
    await expect.poll(cap).toBe(1000);
    await page.getByLabel('Output cap (KiB)').fill('2');
    await page.getByLabel('Output cap (KiB)').blur();
    await expect.poll(cap).toBe(2048);
  });
});
