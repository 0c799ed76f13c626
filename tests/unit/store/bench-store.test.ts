import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BenchRun } from '../../../src/shared/bench-records.ts';
import { rowOf } from '../../../src/shared/bench-rows.ts';
import { BenchStore } from '../../../src/store/bench-store.ts';
import { makeBenchRun } from '../../support/bench-run.ts';
import { rowSource } from '../../support/outcomes.ts';

const run = (id: string, createdAt: number): BenchRun =>
  makeBenchRun(
    { id, title: id, createdAt, updatedAt: createdAt, dataset: 'humaneval', subset: { kind: 'first', n: 2 } },
    { maxIterations: 5 },
  );

const row = (id: string) => rowOf(id, rowSource(true, { usage: { inputTokens: 1, outputTokens: 2 }, elapsedMs: 3 }));

describe('the bench store', () => {
  it('keeps runs newest first and each run’s finished tasks, across a reopen', async () => {
    const store = await BenchStore.open('bench-test-1');
    await store.putRun(run('old', 1));
    await store.putRun(run('new', 2));
    await store.putResult({ runId: 'new', key: 'A#0', row: row('A'), sessionId: 's1' });
    await store.putResult({ runId: 'new', key: 'A#0', row: row('A'), sessionId: 's1' });
    await store.putResult({ runId: 'old', key: 'B#0', row: row('B') });
    store.close();

    const again = await BenchStore.open('bench-test-1');
    expect((await again.runs()).map((r) => r.id)).toEqual(['new', 'old']);
    expect(await again.results('new')).toEqual([{ runId: 'new', key: 'A#0', row: row('A'), sessionId: 's1' }]);
    await again.deleteRun('new');
    expect(await again.getRun('new')).toBeUndefined();
    expect(await again.results('new')).toEqual([]);
    expect(await again.results('old')).toHaveLength(1);
    again.close();
  });
});
