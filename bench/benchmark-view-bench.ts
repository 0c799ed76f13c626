// The Benchmark view's own cost: all 164 HumanEval tasks against a local endpoint that answers
// each with its canonical solution at once, at 1, 2 and 4 sandboxes. Overhead per task is the
// lanes' time not spent inside the loop (storing, drawing, scheduling), and the page's longest
// main-thread task shows whether it stays responsive meanwhile.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { launchChrome } from '../cli/browser.ts';
import { serveDist } from '../cli/server.ts';
import { startModelServer } from '../tests/servers/model-server.ts';

interface HumanEvalRow {
  prompt: string;
  canonical_solution: string;
  entry_point: string;
}

export interface BenchViewFigures {
  sandboxes: number;
  tasks: number;
  passed: number;
  wallMs: number;
  /** (wall time × sandboxes − time inside the loop) / tasks. */
  overheadPerTaskMs: number;
  longestTaskMs: number;
  /** Main-thread tasks over 200 ms during the run (the goal is none). */
  tasksOver200Ms: number;
}

const TASKS = gunzipSync(readFileSync('data/humaneval/HumanEval.jsonl.gz'))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as HumanEvalRow);

export async function measureBenchView(log: (s: string) => void): Promise<BenchViewFigures[]> {
  const model = await startModelServer({
    format: 'openai',
    respond(body) {
      // By the whole prompt: some HumanEval tasks share a function name with another's helper.
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const first = messages.find((m) => m.role === 'user')?.content ?? '';
      const t = TASKS.find((x) => first.includes(x.prompt.trim()));
      return t && `\`\`\`python\n${t.prompt}${t.canonical_solution}\n\`\`\`\n`;
    },
  });
  const site = await serveDist({ isolated: true });
  const browser = await launchChrome();
  const out: BenchViewFigures[] = [];
  try {
    for (const n of [1, 2, 4]) {
      log(`benchmark view, ${n} sandbox(es)…`);
      const context = await browser.newContext();
      await context.addInitScript((baseUrl) => {
        const config = { provider: 'openai', preset: 'custom', baseUrl, model: 'test-model' };
        localStorage.setItem('fixpoint.endpoint', JSON.stringify({ config, keyPlace: 'session' }));
      }, model.baseUrl);
      const page = await context.newPage();
      await page.goto(`${site.url}#benchmark`);
      await page.waitForSelector('[data-bench-ready="true"]', { timeout: 120_000 });
      await page.evaluate(() => {
        const seen: number[] = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => seen.push(e.duration))).observe({
          type: 'longtask',
        });
        (window as unknown as { __long: number[] }).__long = seen;
      });
      await page.getByTestId('bench-dataset').selectOption('humaneval');
      await page.getByTestId('bench-iterations').fill('1');
      await page.getByTestId('bench-sandboxes').fill(String(n));
      const t0 = Date.now();
      await page.getByTestId('bench-start').click();
      await page.waitForSelector('[data-bench-status="done"]', { state: 'attached', timeout: 1_800_000 });
      const wallMs = Date.now() - t0;
      const figures = await page.evaluate(async () => {
        await new Promise((ok) => setTimeout(ok, 200));
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const r = indexedDB.open('fixpoint-bench');
          r.onsuccess = () => ok(r.result);
          r.onerror = () => fail(r.error);
        });
        const rows = await new Promise<{ row: { passed: boolean; elapsed_ms?: number } }[]>((ok) => {
          const r = db.transaction('results').objectStore('results').getAll();
          r.onsuccess = () => ok(r.result as { row: { passed: boolean; elapsed_ms?: number } }[]);
        });
        db.close();
        const long = (window as unknown as { __long: number[] }).__long;
        return {
          tasks: rows.length,
          passed: rows.filter((r) => r.row.passed).length,
          insideMs: rows.reduce((s, r) => s + (r.row.elapsed_ms ?? 0), 0),
          longestTaskMs: Math.max(0, ...long),
          tasksOver200Ms: long.filter((d) => d > 200).length,
        };
      });
      out.push({
        sandboxes: n,
        tasks: figures.tasks,
        passed: figures.passed,
        wallMs,
        overheadPerTaskMs: (wallMs * n - figures.insideMs) / figures.tasks,
        longestTaskMs: figures.longestTaskMs,
        tasksOver200Ms: figures.tasksOver200Ms,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
    await model.close();
  }
  return out;
}

// `node --import tsx bench/benchmark-view-bench.ts` measures this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await measureBenchView((s) => void process.stderr.write(`${s}\n`))) console.log(JSON.stringify(f));
}
