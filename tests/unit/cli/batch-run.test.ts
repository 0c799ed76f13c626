// The course of a `run` batch (cli/batch-run.ts) with a page that answers at once: rows in input
// order whatever order they finish in, an interrupted --out resumed (the row the endpoint failed on
// runs again), no browser when nothing is left, the stop after a failed endpoint, the page closed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passSummary, runBatch, type BatchItem, type BatchKind } from '../../../cli/batch-run.ts';
import type { HeadlessPage } from '../../../cli/page.ts';

const items: BatchItem[] = ['A', 'B', 'C', 'D'].map((id) => ({ taskId: id, rawId: id }));
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-batch-run-'));
let files = 0;
const outFile = (rows: object[] = []): string => {
  const file = join(dir, `out-${files++}.jsonl`);
  writeFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
};
const rowsIn = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

type Row = { task_id: string | number; passed: boolean; end_reason: string };

/** A page whose items end after `delayMs[id]`, failing the endpoint on the ids in `fails`. */
function kind(out: string, over: Partial<BatchKind<BatchItem, Row, Row>> = {}, fails: string[] = []) {
  const opened: string[][] = [];
  let closed = 0;
  const delayMs: Record<string, number> = { A: 30, B: 1, C: 10, D: 1 };
  const k: BatchKind<BatchItem, Row, Row> = {
    items,
    noun: 'problems',
    shardFlag: undefined,
    out,
    env: {},
    log: () => undefined,
    open: (left) => {
      opened.push(left.map((p) => p.taskId));
      const page = { close: async () => void closed++ } as HeadlessPage;
      return Promise.resolve(Object.assign(page, { lanes: 2 }));
    },
    solve: async (_page, p) => {
      await new Promise((ok) => setTimeout(ok, delayMs[p.taskId]));
      const failed = fails.includes(p.taskId);
      return { task_id: p.rawId, passed: !failed, end_reason: failed ? 'endpoint-failed' : 'passed' };
    },
    settle: (row) => ({ row, passed: row.passed, stop: row.end_reason === 'endpoint-failed' }),
    ...over,
  };
  return { k, opened, closed: () => closed };
}

describe('a run batch', () => {
  it('writes rows in input order though later ones finish first, and closes the page', async () => {
    const out = outFile();
    const { k, opened, closed } = kind(out);
    const end = await runBatch(k);
    expect(rowsIn(out).map((r) => r.task_id)).toEqual(['A', 'B', 'C', 'D']);
    expect(end).toMatchObject({ total: 4, shard: {} });
    expect(opened).toEqual([['A', 'B', 'C', 'D']]);
    expect(closed()).toBe(1);
    expect(JSON.parse(passSummary(end))).toMatchObject({ summary: true, problems: 4, passed: 4, pass_rate: 1 });
  });

  it('resumes an interrupted --out: kept rows stay, the one the endpoint failed on runs again', async () => {
    const out = outFile([
      { task_id: 'A', passed: true, end_reason: 'passed' },
      { task_id: 'B', passed: false, end_reason: 'endpoint-failed' },
    ]);
    const { k, opened } = kind(out);
    const end = await runBatch(k);
    expect(opened).toEqual([['B', 'C', 'D']]);
    expect(rowsIn(out).map((r) => [r.task_id, r.passed])).toEqual([
      ['A', true],
      ['B', true],
      ['C', true],
      ['D', true],
    ]);
    expect(end.rows).toHaveLength(4);
  });

  it('starts no browser when --out already holds every row', async () => {
    const out = outFile(items.map((p) => ({ task_id: p.rawId, passed: p.taskId !== 'C', end_reason: 'passed' })));
    const { k, opened } = kind(out);
    const end = await runBatch(k);
    expect(opened).toEqual([]);
    expect(JSON.parse(passSummary(end))).toMatchObject({ problems: 4, passed: 3, pass_rate: 0.75 });
  });

  it('stops after the row whose endpoint failed: nothing after it is written, the summary counts the part', async () => {
    const out = outFile();
    const { k, closed } = kind(out, {}, ['B']);
    const end = await runBatch(k);
    expect(rowsIn(out).map((r) => r.task_id)).toEqual(['A', 'B']);
    expect(JSON.parse(passSummary(end))).toMatchObject({ problems: 4, passed: 1 });
    expect(closed()).toBe(1);
  });

  it('closes the page and keeps the rows written when an item throws', async () => {
    const out = outFile();
    const { k, closed } = kind(out);
    const solve = k.solve;
    k.solve = async (page, p, lane) => {
      if (p.taskId !== 'C') return solve(page, p, lane);
      await new Promise((ok) => setTimeout(ok, 50));
      throw new Error('the page went away');
    };
    await expect(runBatch(k)).rejects.toThrow(/page went away/);
    expect(closed()).toBe(1);
    expect(rowsIn(out).map((r) => r.task_id)).toEqual(['A', 'B']);
  });
});
