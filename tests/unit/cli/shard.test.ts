// Sharding a batch: parts by a stable hash, disjoint and covering, and K/N from the flag or the
// scheduler's environment.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../cli/args.ts';
import { chooseShard } from '../../../cli/shard-env.ts';
import { parseShard, partOf, sampleIndices, shardIndices } from '../../../cli/shard.ts';

describe('parts', () => {
  it('reads K/N with K from 0, and refuses what is not a part', () => {
    expect(parseShard('0/4')).toEqual({ k: 0, n: 4 });
    expect(parseShard('3/4')).toEqual({ k: 3, n: 4 });
    expect(() => parseShard('4/4')).toThrow(/K counts from 0, so it is 0 to 3/);
    expect(() => parseShard('1/0')).toThrow(UsageError);
    for (const bad of ['1', '-1/4', '1/4/2', 'a/b', '1.5/4', '']) expect(() => parseShard(bad)).toThrow(UsageError);
  });

  it('hashes task id and sample index as documented (the same figures as Python hashlib)', () => {
    // int.from_bytes(hashlib.sha256(f"{task_id}\n{sample}".encode()).digest()[:4], "big")
    expect(partOf('HumanEval/0', 0, 2 ** 32)).toBe(1671603596);
    expect(partOf('HumanEval/0', 1, 2 ** 32)).toBe(3961692724);
    expect(partOf('11', 0, 7)).toBe(5);
  });

  it('numbers the samples of a task in input order', () => {
    expect(sampleIndices(['a', 'b', 'a', 'a', 'b'])).toEqual([0, 0, 1, 2, 1]);
  });

  it('splits any input into disjoint parts that cover it, in input order, whatever the order', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `T/${i % 100}`);
    const parts = [0, 1, 2].map((k) => shardIndices(ids, { k, n: 3 }));
    const all = parts.flat().sort((a, b) => a - b);
    expect(all).toEqual(ids.map((_, i) => i));
    for (const p of parts) {
      expect(p).toEqual([...p].sort((a, b) => a - b));
      expect(p.length).toBeGreaterThan(100); // about a third each
    }
    // A row's part depends on its task and sample alone: removing other tasks' rows moves none.
    const kept = ids.flatMap((id, i) => (id.endsWith('7') ? [] : [i]));
    const again = shardIndices(
      kept.map((i) => ids[i]!),
      { k: 0, n: 3 },
    ).map((j) => kept[j]!);
    expect(again).toEqual(parts[0]!.filter((i) => !ids[i]!.endsWith('7')));
  });

  it('one part of one is everything', () => {
    expect(shardIndices(['a', 'b', 'c'], { k: 0, n: 1 })).toEqual([0, 1, 2]);
  });
});

describe('K and N by default', () => {
  it('takes --shard over any environment', () => {
    expect(chooseShard('1/3', { JOB_COMPLETION_INDEX: '0', FIXPOINT_SHARDS: '5' })).toEqual({
      k: 1,
      n: 3,
      from: '--shard',
    });
    expect(chooseShard(undefined, {})).toBeUndefined();
  });

  it('reads a Kubernetes Indexed Job, with the count from FIXPOINT_SHARDS', () => {
    expect(chooseShard(undefined, { JOB_COMPLETION_INDEX: '2', FIXPOINT_SHARDS: '4' })).toMatchObject({ k: 2, n: 4 });
    expect(() => chooseShard(undefined, { JOB_COMPLETION_INDEX: '2' })).toThrow(/set FIXPOINT_SHARDS/);
    expect(() => chooseShard(undefined, { FIXPOINT_SHARDS: '4' })).toThrow(/JOB_COMPLETION_INDEX is not/);
    expect(() => chooseShard(undefined, { JOB_COMPLETION_INDEX: '4', FIXPOINT_SHARDS: '4' })).toThrow(/0 to 3/);
    expect(() => chooseShard(undefined, { JOB_COMPLETION_INDEX: 'x', FIXPOINT_SHARDS: '4' })).toThrow(UsageError);
  });

  it('reads a Slurm array job, whatever id it starts from or steps by', () => {
    const slurm = (id: number, min: number, max: number, step?: number) =>
      chooseShard(undefined, {
        SLURM_ARRAY_TASK_ID: String(id),
        SLURM_ARRAY_TASK_MIN: String(min),
        SLURM_ARRAY_TASK_MAX: String(max),
        SLURM_ARRAY_TASK_COUNT: String(Math.floor((max - min) / (step ?? 1)) + 1),
        ...(step ? { SLURM_ARRAY_TASK_STEP: String(step) } : {}),
      });
    expect(slurm(0, 0, 3)).toMatchObject({ k: 0, n: 4 });
    expect(slurm(4, 1, 4)).toMatchObject({ k: 3, n: 4 }); // --array=1-4
    expect(slurm(8, 0, 12, 4)).toMatchObject({ k: 2, n: 4 }); // --array=0-12:4
    // --array=1,2,7: no even range, so no part can be told from the id.
    const list = { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '7' };
    expect(() => chooseShard(undefined, { ...list, SLURM_ARRAY_TASK_COUNT: '3' })).toThrow(/pass --shard/);
    expect(() => chooseShard(undefined, { SLURM_ARRAY_TASK_ID: '1' })).toThrow(/pass --shard/);
  });
});
