// fixpoint run: the execution-feedback loop on every problem of a HumanEval or MBPP file, through
// the built page (same loop, model clients, sandbox and history as a person's session).
import { createWriteStream } from 'node:fs';
import type { EndpointConfig, ProviderKind } from '../src/shared/model.ts';
import { parseProblems, problemToTask } from '../src/shared/problems.ts';
import { rowOf, type RunRow } from '../src/shared/bench-rows.ts';
import { summarize, summaryLines } from '../src/shared/bench-summary.ts';
import { parseFlags, UsageError, type Flags, type FlagSpec } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { openHeadless } from './page.ts';
import { Progress } from './progress.ts';
import { workersFor } from './workers.ts';
import { SANDBOX_RULE } from '../src/shared/parallelism.ts';
import { orderedPool } from './ordered-pool.ts';
import { splitProblem } from '../src/shared/visible-tests.ts';
import { hiddenFields, hiddenJob } from '../src/loop/hidden-tests.ts';
import { VISIBLE_TESTS_USAGE, visibleTestsFlag } from './hidden-tests.ts';
import {
  DEFAULT_SAMPLES,
  isStrategyName,
  STRATEGY_NAMES,
  usesSamples,
  type StrategySettings,
} from '../src/shared/strategy.ts';

export const RUN_USAGE = `run --problems FILE --provider openai|anthropic|ollama --base-url URL --model NAME [--api-key KEY | env FIXPOINT_API_KEY] [--max-iterations 5] [--timeout 3] [--workers N] [--out FILE]
      [--strategy ${STRATEGY_NAMES.join('|')}] [--samples N] [--trace] [--visible-tests K|doc] [--price-in USD] [--price-out USD]
      --workers: problems worked on at once, each in its own sandbox; default ${SANDBOX_RULE}
      --strategy: how the loop uses execution; default repair
      --samples: candidates drawn per round, for best-of-n and codet only; default ${DEFAULT_SAMPLES}
      --trace: feedback on the first failing test shows what the program did, line by line
      ${VISIBLE_TESTS_USAGE}
      --price-in, --price-out: dollars per million input / output tokens; the summary then gives the cost`;

const PROVIDERS: ProviderKind[] = ['openai', 'anthropic', 'ollama'];
// An endpoint that fails like this will fail the same way for every problem.
const FATAL_KINDS = new Set(['auth', 'not-found', 'network', 'quota']);

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
  strategy: { type: 'string' },
  samples: { type: 'int', min: 1, max: 20 },
  trace: { type: 'boolean' },
  'visible-tests': { type: 'string' },
  'price-in': { type: 'number', min: 0 },
  'price-out': { type: 'number', min: 0 },
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

function endpointFrom(flags: Flags<typeof RUN_FLAGS>, env: NodeJS.ProcessEnv): EndpointConfig {
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
  const flags = parseFlags(argv, RUN_FLAGS);
  const endpoint = endpointFrom(flags, env);
  const problemsFile = flags.problems;
  const problems = parseProblems(readText(problemsFile), problemsFile);
  if (flags.out) checkOutFile(flags.out, [problemsFile]);
  const timeout = flags.timeout ?? 3;
  const maxIterations = flags['max-iterations'] ?? 5;
  const strategy = strategyFrom(flags);
  const visible = visibleTestsFlag(flags['visible-tests'], problems);
  const log = (s: string): void => void process.stderr.write(`${s}\n`);

  const workers = workersFor(flags.workers, problems.length);
  // Python boots only when a problem is in Python (MultiPL-E files are JavaScript or TypeScript).
  const languages = [...new Set(problems.map((p) => problemToTask(p, timeout).language))];
  const page = await openHeadless({ sandboxes: workers, log, languages });
  const out = flags.out ? createWriteStream(flags.out) : undefined;
  const write = (row: unknown): void => {
    const line = `${JSON.stringify(row)}\n`;
    if (out) out.write(line);
    else process.stdout.write(line);
  };
  const progress = new Progress(problems.length, 'solved');
  const rows: RunRow[] = [];
  let fatal: string | undefined;
  try {
    const noHistory = await page.page.evaluate(() => window.fixpoint.historyProblem());
    if (noHistory) log(`fixpoint: the sessions of this run are not kept in the history: ${noHistory}`);
    // Problems run side by side, one sandbox each; rows still come out in input order.
    const solve = async (p: (typeof problems)[number], slot: number) => {
      const split = visible === undefined ? undefined : splitProblem(p, visible, timeout);
      const outcome = await page.page.evaluate(
        ([t, e, m, st, s]) => window.fixpoint.loop(t, e, { maxIterations: m, strategy: st }, s),
        [split?.task ?? problemToTask(p, timeout), endpoint, maxIterations, strategy, slot] as const,
      );
      if (!split) return { outcome, extra: {} };
      // The hidden tests run once, after the loop has ended: nothing of them reaches the model.
      const job = hiddenJob(split, outcome, timeout);
      const hidden = job && (await page.page.evaluate(([j, s]) => window.fixpoint.run(j, s), [job, slot] as const));
      return { outcome, extra: hiddenFields(split, outcome, hidden) };
    };
    await orderedPool(problems, workers, solve, ({ outcome, extra }, i) => {
      const row: RunRow = { ...rowOf(problems[i]!.rawId, outcome), ...extra };
      rows.push(row);
      write(row);
      progress.tick(row.passed);
      if (outcome.endReason === 'endpoint-failed' && outcome.error && FATAL_KINDS.has(outcome.error.kind)) {
        fatal = `${outcome.error.message}${outcome.error.hint ? ` ${outcome.error.hint}` : ''}`;
        return false;
      }
      return true;
    });
  } finally {
    await page.close();
    progress.done();
    if (out) await new Promise<void>((ok) => out.end(ok));
  }
  // The same figures, from the same function, as the page's benchmark view shows.
  const summary = summarize(rows, { priceInPerM: flags['price-in'], priceOutPerM: flags['price-out'] });
  for (const line of summaryLines(summary)) log(line);
  process.stdout.write(`${JSON.stringify({ summary: true, ...summary, seconds: progress.seconds() })}\n`);
  if (fatal) {
    process.stderr.write(
      `fixpoint: stopped after ${summary.problems} of ${problems.length} problems: the endpoint failed: ${fatal}\n`,
    );
    return 1;
  }
  return 0;
}
