// The page's "SQL query" task kind, as a person uses it: pick the kind, a bundled example, let the
// demo model solve it, see the result beside the expected one; run a query of their own on a
// script-built database. Pictures at desktop and phone sizes, light and dark, for a look.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, waitForText } from '../support/app.ts';
import type { PageContext } from '../support/browser.ts';
import { shootSizes } from '../support/layout.ts';
import { openSqlWorkspace, runQuery } from '../support/sql.ts';

describe('SQL query task kind', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  afterAll(() => ctx?.close());

  it('the demo model solves each bundled question, and the result shows beside the expected', async () => {
    const { page } = ctx;
    await openSqlWorkspace(page);
    await waitForText(page, 'sql-schema', /customers \(id, name, city\)/);
    const examples = await page.$$eval('#sql-example option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    for (const id of examples.filter(Boolean)) {
      await page.selectOption('#sql-example', id);
      await page.getByTestId('sql-solve').click();
      await waitForText(page, 'sql-verdict', /^passed$/);
      expect(await page.locator('[data-testid="sql-attempts"] li').count()).toBe(2);
      expect(await page.getByTestId('sql-attempts').textContent()).toMatch(/failed: /);
    }
    const expected = await page.getByTestId('sql-result-expected').textContent();
    const got = await page.getByTestId('sql-result-candidate').textContent();
    expect(got?.replace('Your result', '')).toBe(expected?.replace('Expected', ''));
  });

  it('runs a query of ones own on a database built from a script, and says how it differs', async () => {
    const { page } = ctx;
    await page.selectOption('#sql-database', 'script');
    await page.fill('#sql-script', "CREATE TABLE t(x INTEGER, y TEXT); INSERT INTO t VALUES (1, 'a'), (2, NULL);");
    await page.dispatchEvent('#sql-script', 'change');
    await waitForText(page, 'sql-schema', /t \(x, y\)/);
    await page.fill('#sql-expected', 'SELECT x FROM t');
    await runQuery(page, 'SELECT x FROM t WHERE y IS NOT NULL');
    await waitForText(
      page,
      'sql-verdict',
      /^failed: result differs: expected 2 rows, got 1; 1 row missing: \(2\)$/,
      15_000,
    );
    await runQuery(page, 'SELECT y FROM nowhere');
    await waitForText(page, 'sql-verdict', /^failed: no such table: nowhere$/, 15_000);
  });

  it('on Postgres: the demo model solves a bundled question, and an own script-built database answers', async () => {
    const { page } = ctx;
    await page.selectOption('#sql-engine', 'postgres');
    await page.selectOption('#sql-database', 'shop');
    await page.selectOption('#sql-example', 'sql-shop-spend');
    await waitForText(page, 'sql-schema', /customers \(id, name, city\)/, 120_000);
    await page.getByTestId('sql-solve').click();
    await waitForText(page, 'sql-verdict', /^passed$/, 60_000);
    expect(await page.locator('[data-testid="sql-attempts"] li').count()).toBe(2);
    await page.selectOption('#sql-database', 'script');
    await page.fill('#sql-script', "CREATE TABLE t(x integer, y text); INSERT INTO t VALUES (1, 'a'), (2, NULL);");
    await page.dispatchEvent('#sql-script', 'change');
    await waitForText(page, 'sql-schema', /t \(x, y\)/, 60_000);
    await page.fill('#sql-expected', 'SELECT x FROM t');
    await runQuery(page, 'SELECT y FROM nowhere');
    await waitForText(page, 'sql-verdict', /^failed: relation "nowhere" does not exist$/, 15_000);
    await runQuery(page, 'SELECT x FROM t WHERE y IS NOT NULL OR x = 2');
    await waitForText(page, 'sql-verdict', /^passed$/, 15_000);
    await shootSizes(page, 'sql-postgres', { fullPage: true });
    await page.selectOption('#sql-engine', 'sqlite');
  }, 240_000);

  it('looks right at desktop and phone sizes, light and dark', async () => {
    const { page } = ctx;
    await page.selectOption('#sql-database', 'shop');
    await page.selectOption('#sql-example', 'sql-shop-spend');
    await page.getByTestId('sql-solve').click();
    await waitForText(page, 'sql-verdict', /^passed$/);
    await shootSizes(page, 'sql', { fullPage: true });
  });
});
