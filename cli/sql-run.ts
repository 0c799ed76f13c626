// fixpoint run --databases: the execution-feedback loop on BIRD-layout SQL questions, through the
// built page: the model sees the schema, the question and the evidence, never the gold query.
import { parseFlags, UsageError } from './args.ts';
import { engineFlag } from './sql-databases.ts';
import { checkOutFile, readText } from './files.ts';
import { OUT_USAGE } from './batch.ts';
import { passSummary, runBatch } from './batch-run.ts';
import { openHeadless } from './page.ts';
import { endpointFrom } from './run.ts';
import { findDatabases, putDatabases } from './sql-databases.ts';
import { databaseKey, parseSqlProblems } from '../src/kinds/sql/rows.ts';
import type { CompareRule } from '../src/kinds/sql/compare.ts';
import { isStrategyName, usesSamples, type StrategyName } from '../src/shared/strategy.ts';

export const SQL_RUN_USAGE = `run --problems dev.json --databases DIR --provider openai|anthropic|ollama --base-url URL --model NAME [--api-key KEY] [--max-iterations 5] [--timeout 5] [--compare bird|spider] [--engine sqlite|postgres] [--strategy repair|best-of-n|codet] [--samples N] [--out FILE] [--shard K/N]
      SQL questions in BIRD's layout (see eval); rows {task_id, passed, iterations, completion, result, end_reason, usage, attempts}
      ${OUT_USAGE}`;

const SQL_STRATEGIES: readonly StrategyName[] = ['repair', 'best-of-n', 'codet'];

/** The strategy the flags name for SQL rows; reflexion is not one, and --samples fits only a selection. */
function sqlStrategy(name = 'repair', samples?: number): { strategy: StrategyName; samples?: number } {
  if (!isStrategyName(name) || !SQL_STRATEGIES.includes(name))
    throw new UsageError(`--strategy on SQL rows must be one of ${SQL_STRATEGIES.join(', ')}, not "${name}"`);
  if (samples !== undefined && !usesSamples(name))
    throw new UsageError(`--samples is for best-of-n and codet; the ${name} strategy draws one query at a time`);
  return samples === undefined ? { strategy: name } : { strategy: name, samples };
}

export async function sqlRunCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const flags = parseFlags(argv, {
    problems: { type: 'string', required: true },
    databases: { type: 'string', required: true },
    provider: { type: 'string', required: true },
    'base-url': { type: 'string', required: true },
    model: { type: 'string', required: true },
    'api-key': { type: 'string' },
    'max-iterations': { type: 'int', min: 1 },
    timeout: { type: 'number', min: 0.1 },
    compare: { type: 'string' },
    engine: { type: 'string' },
    strategy: { type: 'string' },
    samples: { type: 'int', min: 1, max: 20 },
    shard: { type: 'string' },
    out: { type: 'string' },
    'no-isolation': { type: 'boolean' },
  });
  const endpoint = endpointFrom(flags, env);
  const rule = (flags.compare ?? 'bird') as CompareRule;
  if (rule !== 'bird' && rule !== 'spider') throw new UsageError(`--compare must be bird or spider, not "${rule}"`);
  const problems = parseSqlProblems(readText(flags.problems), flags.problems, engineFlag(flags.engine));
  const files = findDatabases(flags.databases, problems, flags.problems);
  if (flags.out) checkOutFile(flags.out, [flags.problems]);
  const strategy = sqlStrategy(flags.strategy, flags.samples);
  const settings = {
    maxIterations: flags['max-iterations'] ?? 5,
    timeoutMs: (flags.timeout ?? 5) * 1000,
    rule,
    ...strategy,
  };
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  let failed: string | undefined;
  const end = await runBatch({
    items: problems,
    noun: 'problems',
    shardFlag: flags.shard,
    out: flags.out,
    env,
    log,
    open: async () => {
      const page = await openHeadless({ sandboxes: 1, isolated: !flags['no-isolation'], log, languages: [] });
      await putDatabases(page, files).catch(async (err: unknown) => {
        await page.close();
        throw err;
      });
      return page;
    },
    solve: (page, p) => {
      const question = { question: p.question, evidence: p.evidence, goldSql: p.sql };
      return page.page.evaluate(([k, q, e, s]) => window.fixpoint.sqlLoop(k, q, e, s), [
        databaseKey(p),
        question,
        endpoint,
        { ...settings, engine: p.engine },
      ] as const);
    },
    settle: (o, p) => {
      const { endReason, ...rest } = o;
      const stop = endReason === 'endpoint-failed';
      if (stop) failed = o.result;
      return { row: { task_id: p.rawId, ...rest, end_reason: endReason }, passed: o.passed, stop };
    },
  });
  process.stdout.write(passSummary(end));
  if (failed) {
    process.stderr.write(`fixpoint: stopped: ${failed}\n`);
    return 1;
  }
  return 0;
}
