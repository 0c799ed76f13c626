// fixpoint eval --databases: grade SQL samples as BIRD's evaluator does (or Spider's, --compare
// spider): each sample's query and the gold query run in the page's SQLite, each on a fresh copy
// of the question's database; the verdict is decided here, from the rows.
import { parseFlags, UsageError } from './args.ts';
import { engineFlag } from './sql-databases.ts';
import { checkOutFile, readText } from './files.ts';
import { openBatch, OUT_USAGE, SHARD_USAGE } from './batch.ts';
import { openHeadless, type HeadlessPage } from './page.ts';
import { Progress } from './progress.ts';
import { phase } from './timings.ts';
import { workersFor } from './workers.ts';
import { databaseKey, parseSqlProblems, parseSqlSamples, type SqlProblem } from '../src/kinds/sql/rows.ts';
import { sqlVerdict } from '../src/kinds/sql/verdict.ts';
import type { CompareRule } from '../src/kinds/sql/compare.ts';
import { findDatabases, putDatabases } from './sql-databases.ts';

export const SQL_EVAL_USAGE = `eval --problems dev.json --databases DIR --samples FILE [--timeout 5] [--compare bird|spider] [--engine sqlite|postgres] [--out FILE] [--shard K/N]
      BIRD's layout: dev.json (a JSON array, or JSON Lines) of {question_id, db_id, question, evidence, SQL},
      databases at DIR/<db_id>/<db_id>.sqlite or DIR/<db_id>.sqlite; samples {task_id, completion}
      --engine: for rows without their own "engine" field (default sqlite); Postgres databases are
        scripts or plain pg_dumps at DIR/<db_id>/<db_id>.sql or DIR/<db_id>.sql
      --timeout: seconds per query; --compare: bird (set of rows, default) or spider (test-suite rule)
      ${OUT_USAGE}
      ${SHARD_USAGE}`;

// Answers come back to this side in groups: rows are written as each group is done.
const GROUP = 16;
// A result past this many rows is not compared (the verdict says so).
const MAX_ROWS = 1_000_000;

export async function sqlEvalCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const flags = parseFlags(argv, {
    problems: { type: 'string', required: true },
    databases: { type: 'string', required: true },
    samples: { type: 'string', required: true },
    timeout: { type: 'number', min: 0.1 },
    compare: { type: 'string' },
    engine: { type: 'string' },
    shard: { type: 'string' },
    workers: { type: 'int', min: 1, max: 16 },
    out: { type: 'string' },
    'no-isolation': { type: 'boolean' },
  });
  const rule = (flags.compare ?? 'bird') as CompareRule;
  if (rule !== 'bird' && rule !== 'spider') throw new UsageError(`--compare must be bird or spider, not "${rule}"`);
  const problemsFile = flags.problems;
  const problems = new Map<string, SqlProblem>(
    parseSqlProblems(readText(problemsFile), problemsFile, engineFlag(flags.engine)).map((p) => [p.taskId, p]),
  );
  const samples = parseSqlSamples(readText(flags.samples), flags.samples, problems);
  const used = [...new Set(samples.map((s) => problems.get(s.taskId)!))];
  const files = findDatabases(flags.databases, used, problemsFile);
  if (flags.out) checkOutFile(flags.out, [problemsFile, flags.samples]);
  const timeoutMs = (flags.timeout ?? 5) * 1000;
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
  const progress = new Progress(batch.todo.length, 'graded');
  let passed = batch.kept.filter((r) => r.passed === true).length;
  let page: HeadlessPage | undefined;
  try {
    if (batch.todo.length) {
      page = await openHeadless({
        sandboxes: workersFor(flags.workers, batch.todo.length),
        isolated: !flags['no-isolation'],
        log,
        languages: [],
      });
      await phase('databases', () => putDatabases(page!, files));
      for (let at = 0; at < batch.todo.length; at += GROUP) {
        const todo = batch.todo.slice(at, at + GROUP);
        const jobs = todo.map((i) => {
          const p = problems.get(samples[i]!.taskId)!;
          const { engine } = p;
          return {
            engine,
            database: { key: databaseKey(p) },
            queries: [p.sql, samples[i]!.completion],
            timeoutMs,
            maxRows: MAX_ROWS,
          };
        });
        const hp = page;
        const answers = await phase('grading', () =>
          hp.page.evaluate(([j, n]) => window.fixpoint.sql(j, n), [jobs, 16] as const),
        );
        todo.forEach((i, k) => {
          const s = samples[i]!;
          const [gold, candidate] = answers[k]!;
          const v = sqlVerdict(rule, problems.get(s.taskId)!.sql, gold!, candidate!);
          if (v.passed) passed++;
          batch.write({ task_id: s.rawId, completion: s.completion, passed: v.passed, result: v.result }, i);
          progress.tick(v.passed);
        });
      }
    }
  } finally {
    progress.done();
    await batch.close();
    if (page) await phase('closing', () => page!.close());
  }
  const total = batch.kept.length + batch.todo.length;
  const summary = {
    summary: true,
    samples: total,
    passed,
    pass_rate: total ? passed / total : 0,
    seconds: progress.seconds(),
    ...(batch.shard ? { shard: `${batch.shard.k}/${batch.shard.n}` } : {}),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}
