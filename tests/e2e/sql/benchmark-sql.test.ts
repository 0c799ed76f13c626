// The bundled BIRD-format set (data/bird-mini) in the Benchmark view against a local endpoint:
// graded by BIRD's rule on the sandbox's SQLite, the model never shown a gold query, and each
// question kept as a SQL session that opens again from the history after a reload, with its
// query, its result beside the expected one, the engine and the database.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appReady, openHistory, waitForText } from '../support/app.ts';
import { pageWithModel } from '../support/page-with-model.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const dev = JSON.parse(readFileSync(resolve(ROOT, 'data/bird-mini/dev.json'), 'utf8')) as {
  question_id: number;
  question: string;
  SQL: string;
}[];
const fence = (sql: string): string => `Here it is.\n\n\`\`\`sql\n${sql}\n\`\`\`\n`;
// Question 2 asks for the loans not returned: `= NULL` is never true, so no row comes back.
const WRONG =
  'SELECT T1.title FROM books AS T1 JOIN loans AS T2 ON T1.book_id = T2.book_id WHERE T2.returned_on = NULL';
// Question 1 right only on the second attempt, once the feedback said what differs.
const FIRST_TRY = 'SELECT title FROM books WHERE author_id = 2';

describe('the bundled SQL set in the Benchmark view', () => {
  const app = pageWithModel({
    respond(body) {
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const first = messages.find((m) => m.role === 'user')?.content ?? '';
      const q = dev.find((d) => first.includes(d.question));
      if (!q) return undefined;
      if (q.question_id === 2) return fence(WRONG);
      if (q.question_id === 1 && messages.filter((m) => m.role === 'user').length === 1) return fence(FIRST_TRY);
      return fence(q.SQL);
    },
  });

  it('runs three questions, grades them as BIRD does, and reopens a session from the history', async () => {
    const { page, server } = app;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    await page.getByTestId('bench-dataset').selectOption('bird-mini');
    await page.getByTestId('bench-iterations').fill('2');
    await page.getByTestId('bench-sandboxes').fill('1');
    await page.getByTestId('bench-subset').selectOption('first');
    await page.getByTestId('bench-count').fill('3');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-progress', /^3\/3 done · 2 passed/, 120_000);
    const table = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)),
    );
    expect(table).toEqual([
      ['0', 'passed', 'passed', '1'],
      ['1', 'failed', 'passed', '2'],
      ['2', 'failed', 'failed', '2'],
    ]);
    // The model saw the schema and the question, never a gold query; the repair saw the rows.
    const bodies = server.chatRequests().map((r) => JSON.stringify(r.body));
    expect(bodies).toHaveLength(5);
    for (const q of dev.slice(0, 3))
      expect(bodies.some((b) => b.includes(JSON.stringify(q.SQL).slice(1, -1)))).toBe(false);
    expect(bodies.some((b) => b.includes('CREATE TABLE books'))).toBe(true);
    expect(bodies.some((b) => b.includes('The Salt Road'))).toBe(true);

    // Back on the loop page, after a reload, the failed question opens from the history.
    await page.getByTestId('bench-close').click();
    await page.reload();
    await appReady(page);
    await openHistory(page);
    const row = page.locator('[data-testid="history-dialog"] .fp-history-row', { hasText: '#2:' });
    await row.locator('.fp-history-open').click();
    await waitForText(page, 'sql-session-info', /Engine: SQLite · Database: library \(bundled set bird-mini\)/);
    await page.getByTestId('sql-result-expected').locator('td', { hasText: 'Market Day' }).first().waitFor();
    expect(await page.getByTestId('sql-result-candidate').textContent()).toMatch(/0 rows/);
    expect(await page.getByTestId('sql-verdict').textContent()).toMatch(
      /^failed: result differs: expected 4 rows, got 0/,
    );
    expect(await page.getByTestId('sql-attempts').locator('li').count()).toBe(2);
    // Its database came back with it: the query runs again, and a fixed one passes.
    await page.getByTestId('sql-editor').locator('.cm-content').fill(dev[2]!.SQL);
    await page.getByTestId('sql-run').click();
    await waitForText(page, 'sql-verdict', /^passed$/);
    expect(await page.getByTestId('sql-result-candidate').textContent()).toMatch(/Paper Lanterns/);
  }, 240_000);
});
