// fixpoint eval: grade {task_id, completion} samples exactly as the HumanEval reference harness does.
import { parseSamples, type Problem } from '../src/shared/problems.ts';
import { problemJob, readProblems } from '../src/kinds/rows.ts';
import { parseFlags } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { openBatch, OUT_USAGE, SHARD_USAGE } from './batch.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import type { GamingFlag } from '../src/shared/gaming.ts';
import { openHeadless } from './page.ts';
import { gradeAll } from './eval-grading.ts';
import { Progress } from './progress.ts';
import { phase } from './timings.ts';
import { workersFor } from './workers.ts';
import { SANDBOX_RULE } from '../src/shared/parallelism.ts';
import { PROGRAM_TIMEOUT } from '../src/kinds/program/job.ts';
import { readWebReferences, sandboxesFor } from './web-references.ts';

export const EVAL_USAGE = `eval --problems FILE --samples FILE [--timeout 3] [--workers N] [--out FILE] [--shard K/N]
      --workers: sandboxes grading at once; default ${SANDBOX_RULE}
      --timeout: seconds per sample (LiveCodeBench rows: per test, default ${PROGRAM_TIMEOUT}); near a native
                 harness's limit, see docs/benchmarks.md
      ${OUT_USAGE}
      ${SHARD_USAGE}`;

interface EvalRow {
  task_id: string | number;
  completion: string;
  passed: boolean;
  result: string;
  /** Signs of test gaming; `passed` stays the reference harness's verdict whatever they say. */
  flags: GamingFlag[];
}

export async function evalCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // SQL questions (BIRD's layout) are graded by their own command.
  if (argv.some((a) => a === '--databases' || a.startsWith('--databases=')))
    return import('./sql-eval.ts').then((m) => m.sqlEvalCommand(argv, env));
  const flags = parseFlags(argv, {
    problems: { type: 'string', required: true },
    samples: { type: 'string', required: true },
    timeout: { type: 'number', min: 0.1 },
    // Each sandbox is two interpreters of a few hundred MB each.
    workers: { type: 'int', min: 1, max: 16 },
    out: { type: 'string' },
    shard: { type: 'string' },
    'no-isolation': { type: 'boolean' },
  });
  const problemsFile = flags.problems;
  const text = readText(problemsFile);
  // Each row format (src/kinds/rows.ts) reads its rows and builds the job its harness would run.
  const read = await readProblems(text, problemsFile, flags.timeout);
  const problems = new Map<string, Problem>(read.problems.map((p) => [p.taskId, p]));
  readWebReferences([...problems.values()], problemsFile);
  const samplesFile = flags.samples;
  const samples = parseSamples(readText(samplesFile), samplesFile, problems);
  if (flags.out) checkOutFile(flags.out, [problemsFile, samplesFile]);
  const timeout = read.timeoutSec;
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  const batch = openBatch({
    taskIds: samples.map((s) => s.taskId),
    shardFlag: flags.shard,
    env,
    out: flags.out,
    sameItem: (row, i) => row.task_id === samples[i]!.rawId && row.completion === samples[i]!.completion,
    noun: 'samples',
    log,
  });
  const todo = batch.todo;
  // FIXPOINT_NO_FLAGS=1 leaves the test-gaming checks out: the bench measures what they cost.
  const noFlags = env.FIXPOINT_NO_FLAGS === '1' ? { flags: false } : {};
  const jobs = todo.map((i) => {
    const s = samples[i]!;
    const p = problems.get(s.taskId)!;
    const job = problemJob(p, s.completion, timeout);
    // A contest program's job keeps its checks, as it always has.
    return p.kind === 'livecodebench' ? job : { ...job, ...noFlags };
  });
  const rows: (EvalRow | undefined)[] = new Array(todo.length);
  const progress = new Progress(todo.length, 'graded');
  let written = 0;
  const flush = (): void => {
    // Rows go out in input order as soon as every earlier one is done.
    for (; written < rows.length && rows[written]; written++) batch.write(rows[written]!, todo[written]!);
  };
  try {
    // Nothing left to grade (a finished --out): no browser, just the summary.
    if (jobs.length)
      await grade(jobs, flags, log, (k, r) => {
        const s = samples[todo[k]!]!;
        rows[k] = {
          task_id: s.rawId,
          completion: s.completion,
          passed: r.result === 'passed',
          result: r.result,
          flags: r.flags ?? [],
        };
        progress.tick(r.result === 'passed');
        void phase('writing results', flush);
      });
  } finally {
    progress.done();
    await batch.close();
  }
  const all = [...batch.kept, ...rows];
  const passed = all.filter((r) => r?.passed === true).length;
  const flagged = all.filter((r) => r?.passed === true && Array.isArray(r.flags) && r.flags.length > 0).length;
  const summary = {
    summary: true,
    samples: all.length,
    passed,
    pass_rate: all.length ? passed / all.length : 0,
    flagged_passes: flagged,
    pass_rate_unflagged: all.length ? (passed - flagged) / all.length : 0,
    seconds: progress.seconds(),
    ...(batch.shard ? { shard: `${batch.shard.k}/${batch.shard.n}` } : {}),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}

/** Grades the jobs in the headless page, one sandbox per worker. */
async function grade(
  jobs: RunJob[],
  flags: { workers?: number; 'no-isolation'?: boolean },
  log: (s: string) => void,
  onResult: (k: number, r: RunResult) => void,
): Promise<void> {
  const languages = [...new Set(jobs.map((j) => j.language))];
  const workers = sandboxesFor(jobs, workersFor(flags.workers, jobs.length));
  const page = await openHeadless({ sandboxes: workers, isolated: !flags['no-isolation'], log, languages });
  try {
    await phase('grading', () => gradeAll(page, jobs, onResult));
  } finally {
    await phase('closing', () => page.close());
  }
}
