// The Benchmark view as people meet it, at a desktop and a phone size, light and dark: no empty
// menus before a run, nothing sideways or clipped, and an imported run compared with another
// says what its plots cannot show instead of drawing empty frames.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser } from './support/browser.ts';
import { clipped, SCHEMES, sidewaysScroll, SIZES } from './support/layout.ts';

const shared = sharedBrowser();

/** A `run --out` row with no time of its own, passed at the last of `n` attempts or never. */
const row = (task: string, passed: boolean, n: number): string =>
  JSON.stringify({
    task_id: task,
    passed,
    iterations: n,
    completion: '',
    result: passed ? 'passed' : 'failed: AssertionError',
    end_reason: passed ? 'passed' : 'iteration-cap',
    usage: { input_tokens: 10, output_tokens: 5 },
    attempts: Array.from({ length: n }, (_, i) => ({
      result: passed && i === n - 1 ? 'passed' : 'failed: AssertionError',
      feedback: '',
      usage: { input_tokens: 10, output_tokens: 5 },
    })),
  });
const FILE = [row('HumanEval/0', true, 1), row('HumanEval/1', false, 3), row('HumanEval/2', true, 2)].join('\n');
const LONG_NAME = 'a-rather-long-run-file-name-written-by-the-command-line.jsonl';

async function importRun(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByTestId('bench-import')
    .setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
  await page
    .getByTestId('bench-notice')
    .filter({ hasText: `Imported 3 rows from ${name}.` })
    .waitFor();
}

describe('the Benchmark view', () => {
  for (const size of SIZES)
    for (const scheme of SCHEMES)
      it(`at ${size.name} size, ${scheme}`, async () => {
        const context = await shared.browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto(`${shared.server.url}#benchmark`);
        await page.waitForSelector('[data-bench-ready="true"]', { state: 'attached', timeout: 90_000 });
        // The loop's panel tabs (a phone's) have nothing to choose here: they are not shown.
        expect(await page.getByRole('tablist', { name: 'Shown panel' }).isVisible()).toBe(false);
        // Before any run: no Run or Compare menu with nothing in it, no empty run section.
        expect(await page.getByTestId('bench-runs').isVisible()).toBe(false);
        expect(await page.getByTestId('bench-compare-with').isVisible()).toBe(false);
        expect(await page.getByTestId('bench-title').isVisible()).toBe(false);
        expect(await sidewaysScroll(page)).toBe(0);
        // The set-up is kept across a reload.
        await page.getByTestId('bench-strategy').selectOption('codet');
        await page.getByTestId('bench-iterations').fill('7');
        await page.reload();
        await page.waitForSelector('[data-bench-ready="true"]', { state: 'attached', timeout: 90_000 });
        expect(await page.getByTestId('bench-strategy').inputValue()).toBe('codet');
        expect(await page.getByTestId('bench-iterations').inputValue()).toBe('7');
        expect(await page.getByTestId('bench-candidates').isVisible()).toBe(true);

        await importRun(page, LONG_NAME, FILE);
        await importRun(page, 'second.jsonl', FILE);
        // A run not driven here has no elapsed time to say (it said "0 ms").
        expect(await page.getByTestId('bench-progress').textContent()).toBe('3/3 done · 2 passed · 45 tokens');
        await page.getByTestId('bench-compare-with').selectOption({ label: `${LONG_NAME} (imported)` });
        await page.getByTestId('bench-compare').waitFor();
        // Long names are cut in the comparison and the legends, so the sentence stays readable.
        const sentence = (await page.getByTestId('bench-compare').textContent()) ?? '';
        expect(sentence).not.toContain(LONG_NAME);
        expect(sentence).toMatch(
          /^second\.jsonl \(imported\) solved 0 tasks that a-rather-long-run-file-name-written… did not/,
        );
        // Rows without times: said, not an empty frame.
        await page.getByTestId('plot-time').getByTestId('plot-empty').waitFor();
        expect(await page.getByTestId('plot-time').getByTestId('plot-empty').textContent()).toBe(
          'No time per task is plotted: these rows do not carry one.',
        );
        expect(await page.getByTestId('plot-pass-rate').getByTestId('plot-empty').isVisible()).toBe(false);
        expect(await sidewaysScroll(page)).toBe(0);
        expect(await clipped(page, '.bench-view')).toEqual([]);
        await expectAccessible(page, `Benchmark view at ${size.name} size, ${scheme}`);
        // Back in the loop, a phone has its panel tabs again.
        await page.getByRole('button', { name: 'Back to the loop' }).click();
        await page.locator('.app-main').waitFor();
        expect(await page.getByRole('tablist', { name: 'Shown panel' }).isVisible()).toBe(size.name === 'phone');
        await context.close();
      });
});
