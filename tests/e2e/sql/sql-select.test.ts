// best-of-n and CodeT on SQL questions, against a local OpenAI-wire model that draws 4 queries: 2
// fit only the visible rows (`SELECT 2`, `... WHERE id IN (2, 4)`) and 2 are right, written apart.
// All 4 match the expected rows on the task's database; on its variants (rows removed, rows
// added) only the right ones agree, so the query taken is a right one. Through `run --databases`
// and through the page's SQL workspace, whose Strategy panel shows the samples and groups.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { rowsOf } from '../support/cli.ts';
import { configure, openApp, waitForText } from '../support/app.ts';
import type { PageContext } from '../support/browser.ts';
import { shootSizes } from '../support/layout.ts';
import { openSqlWorkspace, runSql } from '../support/sql.ts';

const GOLD = "SELECT COUNT(*) FROM customers WHERE city = 'New York'";
const RIGHT = [GOLD, "SELECT COUNT(c.id) FROM customers AS c WHERE c.city LIKE 'new york'"];
const WRONG = ['SELECT 2', 'SELECT COUNT(*) FROM customers WHERE id IN (2, 4)'];
const REPLIES = [WRONG[0]!, RIGHT[0]!, WRONG[1]!, RIGHT[1]!];

describe('best-of-n and codet on SQL questions', () => {
  let server: ModelServer;
  let dev: string;
  let calls = 0;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-sql-select-'));
    dev = join(dir, 'dev.json');
    const question = { question_id: 10, db_id: 'shop', question: 'How many customers live in New York?', evidence: '' };
    writeFileSync(dev, JSON.stringify([{ ...question, SQL: GOLD }]));
    // The samples arrive side by side: each request takes the next reply, whichever it is.
    server = await startModelServer({
      format: 'openai',
      respond: () => `\`\`\`sql\n${REPLIES[calls++ % REPLIES.length]}\n\`\`\``,
    });
  });
  afterAll(() => server?.close());

  const run = (...extra: string[]) => runSql(dev, server.baseUrl, extra);

  for (const strategy of ['best-of-n', 'codet'])
    it(`run --strategy ${strategy}: the query taken is a right one, though 2 of 4 fit the visible rows`, async () => {
      calls = 0;
      const r = await run('--strategy', strategy, '--samples', '4');
      expect(r.stderr).not.toMatch(/fixpoint:/);
      expect(r.status).toBe(0);
      expect(calls).toBe(4);
      const [row, summary] = rowsOf<Record<string, unknown>>(r.stdout);
      expect(summary).toMatchObject({ summary: true, problems: 1, passed: 1 });
      expect(row).toMatchObject({ task_id: 10, passed: true, iterations: 1, end_reason: 'passed' });
      expect(RIGHT).toContain(row!.completion);
      const attempts = row!.attempts as { selection: Record<string, unknown> }[];
      const sel = attempts[0]!.selection;
      expect(sel).toMatchObject({ groups: [2, 1, 1], chosenSize: 2, inputs: 4 });
      const samples = sel.samples as { code: string; ok: boolean; group: number }[];
      expect(samples.map((s) => s.ok)).toEqual([true, true, true, true]);
      const rightGroups = samples.filter((s) => RIGHT.includes(s.code)).map((s) => s.group);
      expect(rightGroups).toEqual([0, 0]);
      expect(String(sel.why)).toMatch(/4 of 4 samples matched the expected rows/);
    });

  it('run on SQL rows refuses a strategy it has not, and --samples without a selection', async () => {
    const reflexion = await run('--strategy', 'reflexion');
    expect(reflexion.status).toBe(2);
    expect(reflexion.stderr).toMatch(/--strategy on SQL rows must be one of repair, best-of-n, codet, not "reflexion"/);
    const samples = await run('--samples', '3');
    expect(samples.status).toBe(2);
    expect(samples.stderr).toMatch(/--samples is for best-of-n and codet/);
  });

  describe('in the page', () => {
    let ctx: PageContext;
    beforeAll(async () => {
      ctx = await openApp({ isolated: true });
      await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    });
    afterAll(() => ctx?.close());

    it('Best of N in the SQL workspace takes a right query and shows the samples and groups', async () => {
      const { page } = ctx;
      calls = 0;
      await openSqlWorkspace(page);
      await page.selectOption('#sql-example', '');
      await page.selectOption('#sql-database', 'shop');
      await waitForText(page, 'sql-schema', /customers \(id, name, city\)/);
      await page.fill('#sql-question', 'How many customers live in New York?');
      await page.fill('#sql-expected', GOLD);
      expect(await page.isVisible('#sql-samples')).toBe(false);
      await page.selectOption('#sql-strategy', 'best-of-n');
      await page.fill('#sql-samples', '4');
      await page.getByTestId('sql-solve').click();
      await waitForText(page, 'sql-verdict', /^passed$/);
      expect(calls).toBe(4);
      const panel = page.getByTestId('sql-strategy-panel');
      expect(await panel.locator('h3').textContent()).toBe('Samples: 4 samples, 3 groups');
      const chosen = await panel.locator('tr.chosen + tr.strategy-code-row pre').textContent();
      expect(RIGHT).toContain(chosen);
      expect(await panel.getByTestId('selection-inputs').textContent()).toMatch(
        /also ran on 4 variants of the task's database: each table's first half of rows; /,
      );
      expect(await panel.getByTestId('groups').textContent()).toMatch(/Group 1: 2 samples \(samples \d, \d\), chosen/);
      await shootSizes(page, 'sql-best-of-n', { before: () => panel.scrollIntoViewIfNeeded() });
    });
  });
});
