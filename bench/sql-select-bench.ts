// best-of-n's selection on a SQL question, in the built page: 5 queries that all match the
// expected rows on the bundled sample database (the shop) run there and on its 4 variants (rows
// removed, rows added), and are grouped. The first selection on a database builds the variants;
// later ones find them kept. A model call takes seconds; selection should take a small part of one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 20;
const GOLD = "SELECT name FROM customers WHERE city = 'New York'";
const QUERIES = [
  GOLD,
  "SELECT c.name FROM customers c WHERE c.city LIKE 'new york'",
  "SELECT 'Grace' UNION SELECT 'Barbara'",
  'SELECT name FROM customers WHERE id IN (2, 4)',
  "SELECT name FROM customers WHERE city IN ('New York') ORDER BY name",
];

export interface SqlSelectFigures {
  samples: number;
  databases: number;
  firstMs: number;
  medianMs: number;
  worstMs: number;
  groups: number[];
}

export async function measureSqlSelect(log: (s: string) => void): Promise<SqlSelectFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated: true });
  const browser = await launchChrome();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}?headless`);
    await page.waitForFunction(() => typeof window.fixpoint?.sqlSelect === 'function');
    // The bundled shop's rows, as a SQLite file (tests/fixtures/sql/shop.sql built).
    const file = readFileSync(resolve(ROOT, 'tests/fixtures/sql/databases/shop/shop.sqlite')).toString('base64');
    await page.evaluate(([b]) => window.fixpoint.putDatabase('shop', b, true), [file] as const);
    const settings = { maxIterations: 1, timeoutMs: 5000, rule: 'bird', strategy: 'best-of-n', samples: 5 } as const;
    // SQLite's start is measured by the sql bench; a first query takes it out of these figures.
    await page.evaluate(([g, s]) => window.fixpoint.sqlSelect('shop', g, [g], s), [GOLD, settings] as const);
    const times = await page.evaluate(
      async ([g, qs, s, n]) => {
        const out: { ms: number; groups: number[]; databases: number }[] = [];
        for (let i = 0; i < n; i++) {
          const r = await window.fixpoint.sqlSelect('shop', g, qs, s);
          out.push({ ms: r.ms, groups: r.selection.groups, databases: r.selection.databases?.length ?? 0 });
        }
        return out;
      },
      [GOLD, QUERIES, settings, RUNS + 1] as const,
    );
    if (times[0]!.databases !== 4) throw new Error(`the selection used ${times[0]!.databases} variants, not 4`);
    const later = times.slice(1).map((t) => t.ms);
    return {
      samples: QUERIES.length,
      databases: 1 + times[0]!.databases,
      firstMs: times[0]!.ms,
      medianMs: median(later),
      worstMs: Math.max(...later),
      groups: times[0]!.groups,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
