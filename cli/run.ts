// fixpoint run: the execution-feedback loop on every problem of a HumanEval or MBPP file, through
// the built page (same loop, model clients, sandbox and history as a person's session).
import type { EndpointConfig, ProviderKind } from '../src/shared/model.ts';
import { readProblems } from '../src/kinds/rows.ts';
import { isAgentRows } from '../src/kinds/agent/rows.ts';
import { parseRunRows, type RunRow } from '../src/shared/bench-rows.ts';
import { summarize, summaryLines } from '../src/shared/bench-summary.ts';
import { parseFlags, UsageError, type Flags, type FlagSpec } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { SANDBOX_RULE } from '../src/shared/parallelism.ts';
import { OUT_USAGE, SHARD_USAGE } from './batch.ts';
import { runBatch } from './batch-run.ts';
import { fatalError, openRunPage, solve } from './run-page.ts';
import { VISIBLE_TESTS_USAGE, visibleTestsFlag } from './hidden-tests.ts';
import {
  DEFAULT_SAMPLES,
  isStrategyName,
  STRATEGY_NAMES,
  usesSamples,
  type StrategySettings,
} from '../src/shared/strategy.ts';

export const RUN_USAGE = `run --problems FILE --provider openai|anthropic|ollama --base-url URL --model NAME [--api-key KEY | env FIXPOINT_API_KEY] [--max-iterations 5] [--timeout 3] [--workers N] [--out FILE] [--shard K/N]
      [--strategy ${STRATEGY_NAMES.join('|')}] [--samples N] [--trace] [--visible-tests K|doc] [--price-in USD] [--price-out USD] [--no-screenshots]
      --workers: problems worked on at once, each in its own sandbox; default ${SANDBOX_RULE}
      --strategy: how the loop uses execution; default repair
      --samples: candidates drawn per round, for best-of-n and codet only; default ${DEFAULT_SAMPLES}
      --trace: feedback on the first failing test shows what the program did, line by line
      ${VISIBLE_TESTS_USAGE}
      --price-in, --price-out: dollars per million input / output tokens; the summary then gives the cost
      --no-screenshots: web page rows: feedback goes without the picture of the page
      ${OUT_USAGE}
      ${SHARD_USAGE}`;

const PROVIDERS: ProviderKind[] = ['openai', 'anthropic', 'ollama'];

const RUN_FLAGS = {
  problems: { type: 'string', required: true },
  provider: { type: 'string', required: true },
  'base-url': { type: 'string', required: true },
  model: { type: 'string', required: true },
  'api-key': { type: 'string' },
  'max-iterations': { type: 'int', min: 1 },
  timeout: { type: 'number', min: 0.1 },
  workers: { type: 'int', min: 1, max: 16 },
  out: { type: 'string' },
  shard: { type: 'string' },
  strategy: { type: 'string' },
  samples: { type: 'int', min: 1, max: 20 },
  trace: { type: 'boolean' },
  'visible-tests': { type: 'string' },
  'price-in': { type: 'number', min: 0 },
  'price-out': { type: 'number', min: 0 },
  'no-screenshots': { type: 'boolean' },
} as const satisfies FlagSpec;

/** The strategy the flags name; a flag that does not fit it is an error, not ignored. */
function strategyFrom(flags: { strategy?: string; samples?: number; trace?: boolean }): StrategySettings {
  const name = flags.strategy ?? 'repair';
  if (!isStrategyName(name))
    throw new UsageError(`--strategy must be one of ${STRATEGY_NAMES.join(', ')}, not "${name}"`);
  if (flags.samples !== undefined && !usesSamples(name))
    throw new UsageError(`--samples is for best-of-n and codet; the ${name} strategy draws one candidate at a time`);
  const settings: StrategySettings = { name };
  if (flags.samples !== undefined) settings.samples = flags.samples;
  if (flags.trace) settings.trace = true;
  return settings;
}

export function endpointFrom(
  flags: Pick<Flags<typeof RUN_FLAGS>, 'provider' | 'base-url' | 'model' | 'api-key'>,
  env: NodeJS.ProcessEnv,
): EndpointConfig {
  const provider = PROVIDERS.find((p) => p === flags.provider);
  if (!provider) throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}, not "${flags.provider}"`);
  const baseUrl = flags['base-url'];
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url "${baseUrl}" is not a URL (for example http://127.0.0.1:8000/v1)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must start with http:// or https://`);
  const apiKey = flags['api-key'] ?? env.FIXPOINT_API_KEY;
  return { provider, baseUrl: baseUrl.replace(/\/+$/, ''), model: flags.model, apiKey: apiKey || undefined };
}

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // SQL questions (BIRD's layout) run through their own loop.
  if (argv.some((a) => a === '--databases' || a.startsWith('--databases=')))
    return import('./sql-run.ts').then((m) => m.sqlRunCommand(argv, env));
  const flags = parseFlags(argv, RUN_FLAGS);
  const endpoint = endpointFrom(flags, env);
  const problemsFile = flags.problems;
  const text = readText(problemsFile);
  // Agent rows (a goal, not tests) run through the agent loop (docs/agent.md).
  if (isAgentRows(text)) return import('./agent-run.ts').then((m) => m.agentRunCommand(argv, env));
  // Each row format reads its own (LiveCodeBench: contest programs, public tests shown, all deciding).
  const { problems, timeoutSec: timeout } = await readProblems(text, problemsFile, flags.timeout);
  if (flags.out) checkOutFile(flags.out, [problemsFile]);
  const maxIterations = flags['max-iterations'] ?? 5;
  const strategy = strategyFrom(flags);
  const visible = visibleTestsFlag(flags['visible-tests'], problems);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);

  const settings = { endpoint, maxIterations, strategy, visible, timeout, screenshots: !flags['no-screenshots'] };
  const said = new Set<string>();
  let fatal: string | undefined;
  const end = await runBatch({
    items: problems,
    noun: 'problems',
    shardFlag: flags.shard,
    out: flags.out,
    env,
    log,
    readKept: (kept): RunRow[] =>
      kept.length ? parseRunRows(kept.map((r) => JSON.stringify(r)).join('\n'), flags.out!) : [],
    open: (left) => openRunPage(left, flags.workers, timeout, log),
    solve: (page, p, slot) => solve(page, p, slot, settings),
    settle: (solved) => {
      for (const n of solved.notices ?? []) {
        if (said.has(n)) continue;
        said.add(n);
        log(`fixpoint: ${n}`);
      }
      fatal = fatalError(solved);
      return { row: solved.row, passed: solved.row.passed, stop: Boolean(fatal) };
    },
  });
  // The same figures, from the same function, as the page's benchmark view shows.
  const summary = summarize(end.rows, { priceInPerM: flags['price-in'], priceOutPerM: flags['price-out'] });
  for (const line of summaryLines(summary)) log(line);
  process.stdout.write(`${JSON.stringify({ summary: true, ...summary, seconds: end.seconds, ...end.shard })}\n`);
  if (fatal) {
    process.stderr.write(
      `fixpoint: stopped after ${summary.problems} of ${end.total} problems: the endpoint failed: ${fatal}\n`,
    );
    return 1;
  }
  return 0;
}
