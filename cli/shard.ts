// Splits a batch into N disjoint parts that machines can run apart and rerun alone. A row's part
// depends only on its task id and sample index, never on the other rows or their order, so a part
// can be rerun from the same input on any machine and come out the same.
import { createHash } from 'node:crypto';
import { UsageError } from './args.ts';

/** Part `k` of `n`, counted from 0 as Kubernetes' JOB_COMPLETION_INDEX is. */
export interface Shard {
  k: number;
  n: number;
}

/** What `--shard K/N` says. */
export function parseShard(text: string, from = '--shard'): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UsageError(`${from} must be K/N (part K of N, K from 0), not "${text}"`);
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1) throw new UsageError(`${from} ${text}: N must be at least 1`);
  if (k >= n) throw new UsageError(`${from} ${text}: K counts from 0, so it is 0 to ${n - 1}`);
  return { k, n };
}

/**
 * The part of one row: the first four bytes of SHA-256 over `task_id` and the sample index,
 * joined by a newline, read as a big-endian number, modulo N. Python gives the same with
 * `int.from_bytes(hashlib.sha256(f"{task_id}\n{sample}".encode()).digest()[:4], "big") % n`.
 */
export function partOf(taskId: string, sample: number, n: number): number {
  return createHash('sha256').update(`${taskId}\n${sample}`).digest().readUInt32BE(0) % n;
}

/** Each item's sample index: how many items of the same task came before it in the input. */
export function sampleIndices(taskIds: readonly string[]): number[] {
  const seen = new Map<string, number>();
  return taskIds.map((id) => {
    const i = seen.get(id) ?? 0;
    seen.set(id, i + 1);
    return i;
  });
}

/** The positions in the input (0-based, in input order) of the rows that fall in the shard. */
export function shardIndices(taskIds: readonly string[], shard: Shard): number[] {
  const samples = sampleIndices(taskIds);
  const mine: number[] = [];
  taskIds.forEach((id, i) => {
    if (shard.n === 1 || partOf(id, samples[i]!, shard.n) === shard.k) mine.push(i);
  });
  return mine;
}
