// SQL figures: SQLite's and Postgres's start in the sandbox (to the first answer), the time per
// candidate on a small database once started (a fresh copy of the database, or for Postgres the
// rolled-back transaction and reset session, included), Postgres's next answer after a query
// past its limit (a worker on a fresh copy), and `eval` on a BIRD-layout set against BIRD's rule
// run natively by Python's sqlite3, in one run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DEV = 'tests/fixtures/sql/dev.json';
const DBS = 'tests/fixtures/sql/databases';
const SAMPLES = 'tests/fixtures/sql/samples.jsonl';
const RUNS = 200;

export interface SqlFigures {
  startMs: number;
  engineMedianMs: number;
  engineWorstMs: number;
  pageMedianMs: number;
  pageWorstMs: number;
  samples: number;
  evalSeconds: number;
  nativeSeconds?: number;
  agree?: number;
  pg: PgFigures;
}

interface PgFigures {
  startMs: number;
  engineMedianMs: number;
  engineWorstMs: number;
  pageMedianMs: number;
  pageWorstMs: number;
  /** A query past its 300 ms limit, then the next query's answer (the spare on a fresh copy). */
  afterTimeoutMs: number;
  runs: number;
}

export async function measureSql(log: (s: string) => void): Promise<SqlFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated: true });
  const browser = await launchChrome();
  let figures: Omit<SqlFigures, 'samples' | 'evalSeconds' | 'pg'>;
  let pg: PgFigures;
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}?headless`);
    await page.waitForFunction(() => typeof window.fixpoint?.sql === 'function');
    const base64 = readFileSync(resolve(ROOT, DBS, 'shop/shop.sqlite')).toString('base64');
    await page.evaluate(([b]) => window.fixpoint.putDatabase('shop', b, true), [base64] as const);
    const query =
      'SELECT c.name, SUM(p.price * o.quantity) FROM customers c JOIN orders o ON o.customer_id = c.id JOIN products p ON p.id = o.product_id GROUP BY c.id';
    const one = (q: string) => ({ database: { key: 'shop' }, queries: [q], timeoutMs: 5000, maxRows: 10_000 });
    const startMs = await page.evaluate(async (j) => {
      const t = performance.now();
      await window.fixpoint.sql([j], 1);
      return performance.now() - t;
    }, one(query));
    const times = await page.evaluate(
      async ([j, n]) => {
        const out: { page: number; engine: number }[] = [];
        for (let i = 0; i < n; i++) {
          const t = performance.now();
          const [answers] = await window.fixpoint.sql([j], 1);
          out.push({ page: performance.now() - t, engine: answers![0]!.ms });
        }
        return out;
      },
      [one(query), RUNS] as const,
    );
    const engine = times.map((t) => t.engine);
    const pageMs = times.map((t) => t.page);
    figures = {
      startMs,
      engineMedianMs: median(engine),
      engineWorstMs: Math.max(...engine),
      pageMedianMs: median(pageMs),
      pageWorstMs: Math.max(...pageMs),
    };
    pg = await measurePg(page, query);
  } finally {
    await browser.close();
    await server.close();
  }
  const args = [
    '--import',
    'tsx',
    'cli/main.ts',
    'eval',
    '--problems',
    DEV,
    '--databases',
    DBS,
    '--samples',
    SAMPLES,
    '--timeout',
    '1',
  ];
  let t = performance.now();
  const ev = spawnSync('node', args, { cwd: ROOT, encoding: 'utf8' });
  const evalSeconds = (performance.now() - t) / 1000;
  const rows = ev.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { passed?: boolean; summary?: true });
  const ours = rows.filter((r) => !r.summary).map((r) => r.passed);
  t = performance.now();
  const native = spawnSync('python3', ['tests/e2e/support/bird_native.py', DEV, DBS, SAMPLES, '1'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const nativeSeconds = (performance.now() - t) / 1000;
  const base = { ...figures, pg: pg!, samples: ours.length, evalSeconds };
  if (native.status !== 0) return base;
  const theirs = native.stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { passed: boolean }).passed);
  return { ...base, nativeSeconds, agree: ours.filter((p, i) => p === theirs[i]).length };
}

const PG_RUNS = 100;

async function measurePg(page: Page, query: string): Promise<PgFigures> {
  const script = readFileSync(resolve(ROOT, 'tests/fixtures/sql/shop.sql')).toString('base64');
  await page.evaluate(([b]) => window.fixpoint.putDatabase('pg-shop', b, true), [script] as const);
  const one = (q: string[], timeoutMs = 5000) => ({
    engine: 'postgres' as const,
    database: { key: 'pg-shop' },
    queries: q,
    timeoutMs,
    maxRows: 10_000,
  });
  const timed = (j: ReturnType<typeof one>) =>
    page.evaluate(async (job) => {
      const t = performance.now();
      const [answers] = await window.fixpoint.sql([job], 1);
      return { page: performance.now() - t, answers: answers! };
    }, j);
  const start = await timed(one([query]));
  if (start.answers[0]!.kind !== 'rows') throw new Error(`Postgres: ${JSON.stringify(start.answers[0])}`);
  // The spare worker opens its copy in the background after the first job: let it finish.
  await new Promise((r) => setTimeout(r, 3000));
  const times = await page.evaluate(
    async ([j, n]) => {
      const out: { page: number; engine: number }[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const [answers] = await window.fixpoint.sql([j], 1);
        out.push({ page: performance.now() - t, engine: answers![0]!.ms });
      }
      return out;
    },
    [one([query]), PG_RUNS] as const,
  );
  const recovery = await timed(one(['SELECT count(*) FROM generate_series(1, 1000000000)', query], 300));
  const engine = times.map((t) => t.engine);
  const pageMs = times.map((t) => t.page);
  return {
    startMs: start.page,
    engineMedianMs: median(engine),
    engineWorstMs: Math.max(...engine),
    pageMedianMs: median(pageMs),
    pageWorstMs: Math.max(...pageMs),
    afterTimeoutMs: recovery.page - 300,
    runs: PG_RUNS,
  };
}
