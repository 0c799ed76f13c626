// The course of a `run` batch, whatever its rows (dataset problems, agent goals, SQL questions):
// the shard and what an interrupted --out holds, the page (only when something is left to run),
// items side by side on its lanes, each row written in input order with the progress line, and
// the stop when a row says the endpoint failed. What each kind does with an item is passed in.
import { openBatch } from './batch.ts';
import type { HeadlessPage } from './page.ts';
import { orderedPool } from './ordered-pool.ts';
import { Progress } from './progress.ts';

export interface BatchItem {
  taskId: string;
  rawId: string | number;
}

export interface BatchKind<P extends BatchItem, R, Row extends object> {
  items: P[];
  /** What the items are, for the lines on stderr: "problems", "goals". */
  noun: string;
  shardFlag: string | undefined;
  out: string | undefined;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** The rows --out already held, as this kind's rows (read before any browser starts). */
  readKept?: (rows: Record<string, unknown>[]) => Row[];
  /** The page for the items left to run; `lanes` of them run at once (default one). */
  open(left: P[]): Promise<HeadlessPage & { lanes?: number }>;
  solve(page: HeadlessPage, item: P, lane: number): Promise<R>;
  /** The row a result writes, whether it passed, and whether the batch stops after it. */
  settle(result: R, item: P): { row: Row; passed: boolean; stop?: boolean };
}

export interface BatchEnd<Row> {
  /** Every row of the input's part, --out's kept ones first, in input order. */
  rows: Row[];
  /** Rows the part has: those kept and those this run was to make. */
  total: number;
  seconds: number;
  /** `{shard: "K/N"}` for the summary line when sharded, else nothing. */
  shard: { shard?: string };
}

export async function runBatch<P extends BatchItem, R, Row extends object>(
  kind: BatchKind<P, R, Row>,
): Promise<BatchEnd<Row>> {
  const { items } = kind;
  const batch = openBatch({
    taskIds: items.map((p) => p.taskId),
    shardFlag: kind.shardFlag,
    env: kind.env,
    out: kind.out,
    sameItem: (row, i) => row.task_id === items[i]!.rawId,
    // The endpoint failed on the last row, which stopped the run: it runs again.
    retryLast: (row) => row.end_reason === 'endpoint-failed',
    noun: kind.noun,
    log: kind.log,
  });
  const { todo } = batch;
  const rows: Row[] = kind.readKept ? kind.readKept(batch.kept) : (batch.kept as Row[]);
  const total = rows.length + todo.length;
  const progress = new Progress(todo.length, 'solved');
  let page: (HeadlessPage & { lanes?: number }) | undefined;
  try {
    // Nothing left to run (a finished --out): no browser, just the summary.
    if (todo.length) page = await kind.open(todo.map((i) => items[i]!));
    const p = page;
    // Items run side by side, one sandbox each; rows still come out in input order.
    if (p)
      await orderedPool(
        todo,
        p.lanes ?? 1,
        (i, lane) => kind.solve(p, items[i]!, lane),
        (result, k) => {
          const i = todo[k]!;
          const { row, passed, stop } = kind.settle(result, items[i]!);
          rows.push(row);
          batch.write(row, i);
          progress.tick(passed);
          return !stop;
        },
      );
  } finally {
    progress.done();
    await batch.close();
    await page?.close();
  }
  const shard = batch.shard ? { shard: `${batch.shard.k}/${batch.shard.n}` } : {};
  return { rows, total, seconds: progress.seconds(), shard };
}

/** The summary line of rows that pass or not (agent goals, SQL questions). */
export function passSummary(end: BatchEnd<{ passed?: unknown }>): string {
  const passed = end.rows.filter((r) => r.passed === true).length;
  const rate = end.total ? passed / end.total : 0;
  const summary = { summary: true, problems: end.total, passed, pass_rate: rate, seconds: end.seconds, ...end.shard };
  return `${JSON.stringify(summary)}\n`;
}
