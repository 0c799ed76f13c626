// Which part of a sharded batch this command runs: --shard when given, else what the scheduler
// that started it says. A machine that looks sharded but cannot tell its part stops with a
// usage error: running everything on each of N machines would be N times the work, unnoticed.
import { UsageError } from './args.ts';
import { parseShard, type Shard } from './shard.ts';

export interface ShardChoice extends Shard {
  /** Where K and N came from, for the line on stderr. */
  from: string;
}

const whole = (name: string, value: string): number => {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number, not "${value}"`);
  return Number(value);
};

/**
 * Kubernetes Indexed Jobs set JOB_COMPLETION_INDEX (0-based) but not the Job's `completions`:
 * the pod template sets FIXPOINT_SHARDS to it.
 */
function kubernetes(env: NodeJS.ProcessEnv): ShardChoice | undefined {
  const index = env.JOB_COMPLETION_INDEX;
  const count = env.FIXPOINT_SHARDS;
  if (!index && !count) return undefined;
  if (!index) throw new UsageError('FIXPOINT_SHARDS is set but JOB_COMPLETION_INDEX is not: pass --shard K/N');
  if (!count)
    throw new UsageError(
      "JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but not the number of parts: set FIXPOINT_SHARDS to the Job's completions, or pass --shard K/N",
    );
  const from = 'JOB_COMPLETION_INDEX and FIXPOINT_SHARDS';
  return { ...parseShard(`${whole('JOB_COMPLETION_INDEX', index)}/${whole('FIXPOINT_SHARDS', count)}`, from), from };
}

/** Slurm array jobs: task ids MIN, MIN+STEP, … MAX; the part is the id's place among them. */
function slurm(env: NodeJS.ProcessEnv): ShardChoice | undefined {
  const id = env.SLURM_ARRAY_TASK_ID;
  if (!id) return undefined;
  const num = (name: string, fallback?: number): number | undefined => (env[name] ? whole(name, env[name]) : fallback);
  const min = num('SLURM_ARRAY_TASK_MIN', 0)!;
  const step = num('SLURM_ARRAY_TASK_STEP', 1)!;
  const max = num('SLURM_ARRAY_TASK_MAX');
  const n = num('SLURM_ARRAY_TASK_COUNT') ?? (max === undefined ? undefined : Math.floor((max - min) / step) + 1);
  const k = (whole('SLURM_ARRAY_TASK_ID', id) - min) / step;
  const even = n !== undefined && Number.isInteger(k) && (max === undefined || (max - min) / step + 1 === n);
  if (!even)
    throw new UsageError(
      'SLURM_ARRAY_TASK_ID is set, but the array is not an even range of ids with a known count (as --array=0-7 gives): pass --shard K/N',
    );
  const from = 'SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT';
  return { ...parseShard(`${k}/${n}`, from), from };
}

/** The shard this command runs, or undefined for the whole batch. */
export function chooseShard(flag: string | undefined, env: NodeJS.ProcessEnv): ShardChoice | undefined {
  if (flag !== undefined) return { ...parseShard(flag), from: '--shard' };
  return kubernetes(env) ?? slurm(env);
}
