// The task's language: picked per task, with the editors' highlighting and indentation following
// it; JavaScript and TypeScript run in the JavaScript runner, never as Python.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from './support/browser.ts';
import { attempts, openApp, pickExample, runLoop, text, waitBusy } from './support/app.ts';

describe('language per task', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  afterAll(() => ctx?.close());

  const candidate = () => ctx.page.locator('[data-testid="editor"] .editor');

  it('a TypeScript example sets the language, and the editor highlights TypeScript', async () => {
    const { page } = ctx;
    expect(await page.inputValue('#task-language')).toBe('python');
    await pickExample(page, 'example-ts-merge-intervals');
    expect(await page.inputValue('#task-language')).toBe('typescript');
    await expect.poll(() => candidate().getAttribute('data-language')).toBe('typescript');
    await page.locator('[data-testid="editor"] .cm-content').fill('const n: number = 1;');
    // The JavaScript mode marks the type annotation as a type name; Python's would not know it.
    await expect.poll(() => page.locator('[data-testid="editor"] .cm-content span').count()).toBeGreaterThan(1);
    expect(await page.inputValue('#task-title')).toBe('Merge intervals (TypeScript)');
  });

  it('picking another language for a task switches the editors back', async () => {
    const { page } = ctx;
    await page.selectOption('#task-language', 'python');
    await expect.poll(() => candidate().getAttribute('data-language')).toBe('python');
    await page.selectOption('#task-language', 'javascript');
    await expect.poll(() => candidate().getAttribute('data-language')).toBe('javascript');
  });

  it('Run once runs a JavaScript task in the JavaScript runner and says which test failed', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-js-balanced-brackets');
    await page.locator('[data-testid="editor"] .cm-content').fill('function isBalanced(s) { return true; }');
    await page.getByTestId('run-once').click();
    await waitBusy(page, false);
    expect(await text(page, 'verdict')).toMatch(/^Run once:/);
    const feedback = await text(page, 'feedback');
    expect(feedback).not.toMatch(/SyntaxError|NameError|runner/);
    expect(feedback).toMatch(/false|expected/i);
  });

  it('Run once on a TypeScript task reports a type error at the line it is on', async () => {
    const { page } = ctx;
    await pickExample(page, 'example-ts-merge-intervals');
    await page
      .locator('[data-testid="editor"] .cm-content')
      .fill(
        "// intervals\nfunction mergeIntervals(xs: number[][]): number[][] {\n  const n: number = 'two';\n  return xs;\n}",
      );
    await page.getByTestId('run-once').click();
    await waitBusy(page, false);
    expect(await text(page, 'feedback')).toMatch(/main\.ts:3:\d+ TS2322/);
  });

  // The TypeScript first attempt never runs: the strict type check refuses it.
  it.each([
    ['example-js-balanced-brackets', 'failed'],
    ['example-ts-merge-intervals', 'error'],
  ])(
    'the demo model solves %s: a first attempt that is refused (%s), then a repair that passes',
    async (example, first) => {
      const { page } = ctx;
      await pickExample(page, example);
      await runLoop(page);
      expect(await attempts(page)).toEqual([
        { index: 0, verdict: first, tone: first },
        { index: 1, verdict: 'passed', tone: 'passed' },
      ]);
      expect(await text(page, 'session-end')).toMatch(/^passed/);
    },
  );
});
