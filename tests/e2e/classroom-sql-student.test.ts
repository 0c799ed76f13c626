// A SQL exercise in the student view, opened from a student's share link: the visible database's
// tables, the query's result beside the expected one, the hidden databases only as a count. A
// query that hard-codes the visible answer passes there and not on the hidden databases, and one
// that drops the table changes nothing for the next run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';
import { bundledPack, LONG, openStudentLink, waitForSelectorText } from './support/classroom.ts';

const pack = bundledPack('intro-sql.json');

describe('a SQL exercise in the student view', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?classroom' });
    await openStudentLink(ctx.page, ctx.server.url, pack, 'How many books?');
  });
  afterAll(() => ctx?.close());

  const summary = '.classroom-summary';
  async function run(query: string): Promise<string> {
    const { page } = ctx;
    await page.evaluate(() => (document.querySelector('.classroom-summary')!.textContent = ''));
    await page.locator('.classroom-editor .cm-content').fill(query);
    await page.getByRole('button', { name: 'Run query' }).click();
    return waitForSelectorText(page, summary, /databases passed/);
  }

  it("shows the visible database's table with its rows, and the hidden databases as a count", async () => {
    const { page } = ctx;
    const table = page.locator('.classroom-sql-databases [data-testid="sql-table"]');
    await table.locator('tbody tr').nth(4).waitFor({ timeout: LONG });
    expect(await table.locator('figcaption').textContent()).toBe('books');
    expect(await table.locator('th').allTextContents()).toEqual(['id', 'title', 'author', 'year', 'price']);
    expect(await table.locator('tbody tr').count()).toBe(5);
    expect(await page.locator('.classroom-hidden').textContent()).toBe('2 hidden databases, not shown.');
    // Nothing of a hidden database reaches the page.
    expect(await page.locator('body').textContent()).not.toContain('Glass Orchard');
  });

  it('a query answering only the visible rows passes there and fails both hidden databases', async () => {
    const { page } = ctx;
    expect(await run('SELECT 5')).toBe('1 of 1 visible databases passed, 0 of 2 hidden databases passed.');
    expect(await page.locator('.classroom-hidden').textContent()).toBe('2 hidden databases, not shown: 0 of 2 passed.');
    expect(await page.locator('[data-testid="sql-result-candidate"] td').allTextContents()).toEqual(['5']);
    expect(await page.locator('[data-testid="sql-result-expected"] td').allTextContents()).toEqual(['5']);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toContain('Glass Orchard');
    expect(body).not.toMatch(/expected 1 row, got 1/);
  });

  it('a query that drops the table fails, and the next run finds the table whole', async () => {
    const { page } = ctx;
    expect(await run('DROP TABLE books')).toBe('0 of 1 visible databases passed, 0 of 2 hidden databases passed.');
    expect(await page.locator('.classroom-results li').first().textContent()).toMatch(
      /^the library's books: failed — result differs/,
    );
    expect(await run('SELECT COUNT(*) FROM books')).toBe(
      'All passed. 1 of 1 visible databases passed, 2 of 2 hidden databases passed.',
    );
    expect(await page.getByRole('button', { name: 'How many books? ✓' }).count()).toBe(1);
  });

  it('an error is shown where the result would be', async () => {
    const { page } = ctx;
    expect(await run('SELECT title FROM shelves')).toMatch(/^0 of 1 visible databases passed/);
    expect(await page.locator('[data-testid="sql-result-candidate"] .sql-error').textContent()).toBe(
      'no such table: shelves',
    );
    expect(await page.locator('[data-testid="sql-result-expected"] td').allTextContents()).toEqual(['5']);
  });
});
