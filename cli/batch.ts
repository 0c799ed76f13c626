// The rows of one batch command (eval, run): which inputs this machine runs (its shard, less what
// an interrupted --out already holds) and where their rows go. A sharded row carries a `shard`
// column, {k, n, index, of}: its part and its place in the input, so `merge` can put the parts
// back in input order and tell what is missing without the input files.
import { createWriteStream, existsSync, readFileSync, truncateSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { keptRows } from './resume.ts';
import { chooseShard, type ShardChoice } from './shard-env.ts';
import { shardIndices } from './shard.ts';

export const OUT_USAGE = `--out: the rows go to FILE; when FILE holds rows of an interrupted run of the same input, those are kept and not run again (remove FILE to start over)`;
export const SHARD_USAGE = `--shard K/N: run part K of N (K from 0), parts split by a hash of task id and sample index; default
        from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with FIXPOINT_SHARDS set to the Job's completions)
        or a Slurm array job (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT); "merge" joins the parts`;

export interface BatchOptions {
  /** The task id of each input item, in input order. */
  taskIds: string[];
  shardFlag: string | undefined;
  env: NodeJS.ProcessEnv;
  out: string | undefined;
  /** Whether a row found in --out is the one the input item at `index` gives (the shard column aside). */
  sameItem: (row: Record<string, unknown>, index: number) => boolean;
  /** Whether the last row found in --out is run again (run: the endpoint failed on it, which stopped the run). */
  retryLast?: (row: Record<string, unknown>) => boolean;
  /** What the items are, for the lines on stderr: "samples", "problems". */
  noun: string;
  log: (line: string) => void;
}

export interface Batch {
  /** Input positions to run now, in input order. */
  todo: number[];
  /** Rows --out already held, in input order; they come before those of `todo`. */
  kept: Record<string, unknown>[];
  shard: ShardChoice | undefined;
  /** Writes the row of the input item at `index`, with the shard column when sharded. */
  write(row: object, index: number): void;
  close(): Promise<void>;
}

type ShardColumn = { k: number; n: number; index: number; of: number } | undefined;

/** Why a row found in --out is not the one this run makes for the input item at `index`. */
function mismatch(o: BatchOptions, row: Record<string, unknown>, index: number, want: ShardColumn): string | undefined {
  const { shard: found, ...rest } = row as { shard?: ShardColumn };
  const part = (s: ShardColumn): string => (s ? `part ${s.k}/${s.n}` : 'unsharded');
  if (part(found) !== part(want)) return `the file's rows are ${part(found)}, this run is ${part(want)}`;
  if (!isDeepStrictEqual(found, want) || !o.sameItem(rest, index))
    return `the row is not this run's ${JSON.stringify(o.taskIds[index])} (from another input?)`;
}

export function openBatch(o: BatchOptions): Batch {
  const shard = chooseShard(o.shardFlag, o.env);
  const of = o.taskIds.length;
  const mine = shard ? shardIndices(o.taskIds, shard) : o.taskIds.map((_, i) => i);
  const column = (index: number): ShardColumn => (shard ? { k: shard.k, n: shard.n, index, of } : undefined);
  if (shard) o.log(`fixpoint: part ${shard.k}/${shard.n} (from ${shard.from}): ${mine.length} of ${of} ${o.noun}`);

  let kept: Record<string, unknown>[] = [];
  if (o.out && existsSync(o.out)) {
    const text = readFileSync(o.out, 'utf8');
    const found = keptRows(text, o.out, mine.length, (row, j) => mismatch(o, row, mine[j]!, column(mine[j]!)));
    kept = found.rows;
    if (kept.length && o.retryLast?.(kept.at(-1)!)) kept.pop();
    // What follows the kept rows (a line cut off mid-write, a summary) is written again.
    truncateSync(o.out, kept.length ? found.ends[kept.length - 1]! : 0);
    const left = mine.length - kept.length;
    if (kept.length)
      o.log(
        `fixpoint: ${o.out} holds ${kept.length} row${kept.length > 1 ? 's' : ''} already; ${left ? `running the other ${left}` : 'nothing to run'}`,
      );
  }
  const stream = o.out ? createWriteStream(o.out, { flags: 'a' }) : undefined;
  return {
    todo: mine.slice(kept.length),
    kept,
    shard,
    write(row, index) {
      const line = `${JSON.stringify(shard ? { ...row, shard: column(index) } : row)}\n`;
      if (stream) stream.write(line);
      else process.stdout.write(line);
    },
    close: () => new Promise<void>((ok) => (stream ? stream.end(ok) : ok())),
  };
}
