// The Benchmark view counts flagged passes apart: a task whose code passes by a table of the
// tests' answers is "flagged" in the table, left out of the pass rate, and counted beside it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { waitForText } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';

const DATA = resolve(import.meta.dirname, '../../data/humaneval/HumanEval.jsonl.gz');
const [first, second] = gunzipSync(readFileSync(DATA))
  .toString('utf8')
  .split('\n')
  .slice(0, 2)
  .map((l) => JSON.parse(l) as Record<string, string>);

const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const TABLE = `def separate_paren_groups(paren_string):
    answers = {
        '(()()) ((())) () ((())()())': ['(()())', '((()))', '()', '((())()())'],
        '() (()) ((())) (((())))': ['()', '(())', '((()))', '(((())))'],
        '(()(())((())))': ['(()(())((())))'],
        '( ) (( )) (( )( ))': ['()', '(())', '(()())'],
    }
    return answers[paren_string]`;

describe('the Benchmark view with a flagged pass', () => {
  const app = pageWithModel({
    respond(body) {
      const text = JSON.stringify(body);
      if (text.includes('def has_close_elements(')) return fence(first!.prompt! + first!.canonical_solution!);
      if (text.includes('def separate_paren_groups(')) return fence(TABLE);
      return undefined;
    },
  });

  it('shows it as flagged and gives the pass rate with and without it', async () => {
    const { page } = app;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    await page.getByTestId('bench-dataset').selectOption('humaneval');
    await page.getByTestId('bench-subset').selectOption('first');
    await page.getByTestId('bench-count').fill('2');
    await page.getByTestId('bench-iterations').fill('1');
    await page.getByTestId('bench-sandboxes').fill('1');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-progress', /^2\/2 done · 1 passed/);
    const rows = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    );
    expect(rows).toEqual([
      [first!.task_id, 'passed', 'passed'],
      [second!.task_id, 'failed', 'flagged'],
    ]);
    const summary = await page.getByTestId('bench-summary').innerText();
    expect(summary).toContain('Passed after repair: 1/2 (50.0%)');
    expect(summary).toContain(
      'Flagged passes (tests passed, flagged for test gaming, not counted): 1; counting them: 100.0%',
    );
    await page.getByTestId('bench-filter').selectOption('flagged');
    expect(await page.locator('[data-testid="bench-row"]').count()).toBe(1);
  }, 180_000);
});
