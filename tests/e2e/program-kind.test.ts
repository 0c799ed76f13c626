// The page's "Program (stdin → stdout)" kind: a table of test cases (input, expected output,
// hidden or not), the demo model repairing a program from LiveCodeBench's self-repair feedback,
// and the expected output beside the program's own with the first difference marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from './support/browser.ts';
import { attempts, openApp, pickExample, runLoop, selectAttempt, text, waitBusy } from './support/app.ts';

describe('the Program (stdin → stdout) kind', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  afterAll(() => ctx?.close());

  it.each([
    ['example-program-longest-run', 'python', 'line 2 is the first that differs', '7'],
    ['example-program-range-sums', 'javascript', 'line 1 is the first that differs', '14'],
  ])('the demo model solves %s (%s) from a wrong answer on a sample test', async (example, language, where, got) => {
    const { page } = ctx;
    await pickExample(page, example);
    expect(await page.inputValue('#task-kind')).toBe('program');
    expect(await page.inputValue('#task-language')).toBe(language);
    // Two sample tests and one hidden one; the code tests editor is not shown.
    await expect.poll(() => page.locator('.program-table tbody tr').count()).toBe(3);
    expect(await page.locator('.program-table input[type=checkbox]:checked').count()).toBe(1);
    expect(await page.locator('.task-code-fields .task-editor').nth(1).isVisible()).toBe(false);
    await runLoop(page);
    expect(await attempts(page)).toEqual([
      { index: 0, verdict: 'failed', tone: 'failed' },
      { index: 1, verdict: 'passed', tone: 'passed' },
    ]);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    await selectAttempt(page, 0);
    const feedback = await text(page, 'feedback');
    expect(feedback).toMatch(/^The above code is incorrect and got a wrong answer\.\nInput:\n/);
    expect(feedback).toMatch(/Generated Output:\n[\s\S]*Expected:\n/);
    // The hidden test never reaches the feedback.
    expect(feedback).not.toMatch(/\b42\b|^1\n9$/m);
    expect(await text(page, 'output-where')).toContain(where);
    const marked = page.locator('[data-testid="output-actual"] li.differs');
    expect(await marked.textContent()).toBe(got);
    expect(await page.locator('[data-testid="output-expected"] li.differs').count()).toBe(1);
    await selectAttempt(page, 1);
    expect(await page.locator('.output-compare').isHidden()).toBe(true);
  });

  it('a written program task: add cases, mark one hidden, Run once judges the visible ones', async () => {
    const { page } = ctx;
    await pickExample(page, '');
    await page.selectOption('#task-kind', 'program');
    expect(await page.locator('.program-table tbody tr').count()).toBe(0);
    for (const [input, output] of [
      ['2 3\n', '5'],
      ['10 -4\n', '6'],
    ]) {
      await page.getByTestId('program-add-test').click();
      const row = page.locator('.program-table tbody tr').last();
      await row.locator('textarea').first().fill(input!);
      await row.locator('textarea').nth(1).fill(output!);
    }
    await page.getByLabel('Test 2 is hidden').check();
    await page.locator('[data-testid="editor"] .cm-content').fill('a, b = map(int, input().split())\nprint(a + b)');
    await page.getByTestId('run-once').click();
    await waitBusy(page, false);
    expect(await text(page, 'verdict')).toMatch(/^Run once: passed/);
    expect(await text(page, 'verdict')).toMatch(/1\/1 tests/);
    // Run once judges the visible cases only; a wrong answer there gets LiveCodeBench's words.
    await page.locator('[data-testid="editor"] .cm-content').fill('a, b = map(int, input().split())\nprint(a - b)');
    await page.getByTestId('run-once').click();
    await waitBusy(page, false);
    expect(await text(page, 'verdict')).toMatch(/^Run once: failed/);
    expect(await text(page, 'feedback')).toMatch(
      /^The above code is incorrect and got a wrong answer\.\nInput:\n2 3\n/,
    );
    expect(await text(page, 'feedback')).not.toMatch(/10 -4/);
    expect(await text(page, 'feedback')).toContain('-1 != 5');
    // Leaving the kind gives the code tests editor back.
    await page.selectOption('#task-kind', 'code');
    expect(await page.locator('[data-testid="program-tests"]').isHidden()).toBe(true);
  });
});
