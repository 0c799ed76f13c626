// Joining the parts of a sharded run, and resuming an interrupted --out: what is kept, what is
// refused, and what is said to be missing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBatch } from '../../../cli/batch.ts';
import { mergeParts } from '../../../cli/merge-parts.ts';
import { keptRows } from '../../../cli/resume.ts';

const line = (v: unknown): string => `${JSON.stringify(v)}\n`;
const row = (id: string, k: number, n: number, index: number, of: number) => ({
  task_id: id,
  passed: index % 2 === 0,
  shard: { k, n, index, of },
});

describe('merge', () => {
  it('puts the parts back in input order without their shard column', () => {
    const a = [row('A', 0, 2, 0, 4), row('C', 0, 2, 2, 4)].map(line).join('');
    const b = [row('B', 1, 2, 1, 4), row('D', 1, 2, 3, 4)].map(line).join('') + line({ summary: true });
    const m = mergeParts([
      { file: 'b', text: b },
      { file: 'a', text: a },
    ]);
    expect(m.rows).toEqual(['A', 'B', 'C', 'D'].map((id, i) => ({ task_id: id, passed: i % 2 === 0 })));
    expect(m).toMatchObject({ of: 4, n: 2, missing: [], partsWithoutRows: [], cutOff: [] });
  });

  it('refuses parts that overlap, naming both rows', () => {
    const a = line(row('A', 0, 2, 0, 2));
    expect(() =>
      mergeParts([
        { file: 'a', text: a },
        { file: 'copy', text: `\n${a}` },
      ]),
    ).toThrow(/input row 0 \("A"\) is both a:1 and copy:2/);
  });

  it('says which rows are missing, and from which parts nothing came', () => {
    const a = line(row('A', 0, 3, 0, 5)) + JSON.stringify(row('D', 0, 3, 3, 5)).slice(0, 20);
    const m = mergeParts([{ file: 'a', text: a }]);
    expect(m.rows).toHaveLength(1);
    expect(m.missing).toEqual([1, 2, 3, 4]);
    expect(m.partsWithoutRows).toEqual([1, 2]);
    expect(m.cutOff).toEqual(['a']);
  });

  it('refuses rows of an unsharded run and parts of different runs', () => {
    expect(() => mergeParts([{ file: 'x', text: line({ task_id: 'A', passed: true }) }])).toThrow(
      /x:1: no "shard" column/,
    );
    const a = line(row('A', 0, 2, 0, 4));
    const b = line(row('B', 1, 3, 1, 4));
    expect(() =>
      mergeParts([
        { file: 'a', text: a },
        { file: 'b', text: b },
      ]),
    ).toThrow(/b:1: a part of 3 .* where a:1 is a part of 2/);
    expect(() => mergeParts([{ file: 'a', text: `{"task_id":\n${a}` }])).toThrow(/a:1: not valid JSON/);
  });
});

describe('resuming --out', () => {
  const rows = ['é/0', 'é/1', 'é/2'].map((id) => ({ task_id: id, completion: 'ü', passed: true }));
  const byId = (r: Record<string, unknown>, j: number) => (r.task_id === rows[j]!.task_id ? undefined : 'other');

  it('keeps the complete rows and cuts off a half-written last line, counting bytes, not characters', () => {
    const text = line(rows[0]) + line(rows[1]) + line(rows[2]).slice(0, 12);
    const kept = keptRows(text, 'out', 3, byId);
    expect(kept.rows).toEqual(rows.slice(0, 2));
    expect(kept.ends).toEqual([line(rows[0]), line(rows[0]) + line(rows[1])].map((t) => Buffer.byteLength(t)));
  });

  it('keeps every row of a finished run, and drops its summary line', () => {
    const text = rows.map(line).join('') + line({ summary: true });
    expect(keptRows(text, 'out', 3, byId).ends.at(-1)).toBe(Buffer.byteLength(rows.map(line).join('')));
    expect(keptRows('', 'out', 3, byId)).toEqual({ rows: [], ends: [] });
  });

  it("refuses a file that is another run's, naming the line", () => {
    expect(() => keptRows(line(rows[1]), 'out', 3, byId)).toThrow(/out:1: cannot resume into this file: other/);
    expect(() => keptRows(rows.map(line).join(''), 'out', 2, byId)).toThrow(/out:3: .*more rows than this run makes/);
    expect(() => keptRows(`nope\n${line(rows[0])}`, 'out', 3, byId)).toThrow(/out:1: .*not JSON/);
  });

  it('runs only what an interrupted part left, and appends its rows with their shard column', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fixpoint-resume-')), 'part.jsonl');
    const taskIds = Array.from({ length: 40 }, (_, i) => `T/${i}`);
    const options = {
      taskIds,
      shardFlag: '1/2',
      env: {},
      out,
      sameItem: (r: Record<string, unknown>, i: number) => r.task_id === taskIds[i],
      noun: 'samples',
      log: () => undefined,
    };
    const first = openBatch(options);
    const [a, b, c] = first.todo;
    for (const i of [a!, b!]) first.write({ task_id: taskIds[i] }, i);
    await first.close();
    writeFileSync(out, `${readFileSync(out, 'utf8')}{"task_id":"T/`); // killed mid-line
    const second = openBatch(options);
    expect(second.kept).toHaveLength(2);
    expect(second.todo[0]).toBe(c);
    expect(second.todo).toEqual(first.todo.slice(2));
    second.write({ task_id: taskIds[c!] }, c!);
    await second.close();
    const lines = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.task_id)).toEqual([a, b, c].map((i) => taskIds[i!]));
    expect(lines[2].shard).toEqual({ k: 1, n: 2, index: c, of: 40 });
  });
});

describe('resuming a run stopped by its endpoint', () => {
  it('runs the row the endpoint failed on again', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fixpoint-resume-')), 'run.jsonl');
    const first = line({ task_id: 'A', end_reason: 'passed' });
    writeFileSync(out, first + line({ task_id: 'B', end_reason: 'endpoint-failed' }));
    const batch = openBatch({
      taskIds: ['A', 'B', 'C'],
      shardFlag: undefined,
      env: {},
      out,
      sameItem: () => true,
      retryLast: (r) => r.end_reason === 'endpoint-failed',
      noun: 'problems',
      log: () => undefined,
    });
    expect(batch.todo).toEqual([1, 2]);
    expect(readFileSync(out, 'utf8')).toBe(first);
    return batch.close();
  });
});
