// `run`'s side of the headless page: opening it for the problems left to run, and one problem's
// loop in it (with its hidden tests after the loop, when some are kept back).
import type { LoopOutcome } from '../src/loop/types.ts';
import { hiddenFields, hiddenJob } from '../src/loop/hidden-tests.ts';
import type { RunRow } from '../src/shared/bench-rows.ts';
import type { EndpointConfig } from '../src/shared/model.ts';
import { problemToTask, type Problem } from '../src/shared/problems.ts';
import type { StrategySettings } from '../src/shared/strategy.ts';
import { splitProblem, type VisibleTests } from '../src/shared/visible-tests.ts';
import { openHeadless, type HeadlessPage } from './page.ts';
import { workersFor } from './workers.ts';

// An endpoint that fails like this will fail the same way for every problem.
const FATAL_KINDS = new Set(['auth', 'not-found', 'network', 'quota']);

export interface RunSettings {
  endpoint: EndpointConfig;
  maxIterations: number;
  strategy: StrategySettings;
  visible: VisibleTests | undefined;
  timeout: number;
  /** Web pages: send each page's picture with its feedback. */
  screenshots: boolean;
}

export type RunPage = HeadlessPage & { workers: number };

/** The page, with a sandbox per problem worked on at once. */
export async function openRunPage(
  problems: Problem[],
  workersFlag: number | undefined,
  timeout: number,
  log: (s: string) => void,
): Promise<RunPage> {
  const workers = workersFor(workersFlag, problems.length);
  // Python boots only when a problem is in Python (MultiPL-E files are JavaScript or TypeScript).
  const languages = [...new Set(problems.map((p) => problemToTask(p, timeout).language))];
  const page = await openHeadless({ sandboxes: workers, log, languages });
  const noHistory = await page.page.evaluate(() => window.fixpoint.historyProblem());
  if (noHistory) log(`fixpoint: the sessions of this run are not kept in the history: ${noHistory}`);
  return Object.assign(page, { workers });
}

export async function solve(
  page: HeadlessPage,
  p: Problem,
  slot: number,
  o: RunSettings,
): Promise<{ outcome: LoopOutcome; extra: Partial<RunRow> }> {
  const split = p.split ?? (o.visible === undefined ? undefined : splitProblem(p, o.visible, o.timeout));
  const outcome = await page.page.evaluate(
    ([t, e, m, st, s, sh]) => window.fixpoint.loop(t, e, { maxIterations: m, strategy: st, screenshots: sh }, s),
    [split?.task ?? problemToTask(p, o.timeout), o.endpoint, o.maxIterations, o.strategy, slot, o.screenshots] as const,
  );
  if (!split) return { outcome, extra: {} };
  // The hidden tests run once, after the loop has ended: nothing of them reaches the model.
  const job = hiddenJob(split, outcome, o.timeout);
  const hidden = job && (await page.page.evaluate(([j, s]) => window.fixpoint.run(j, s), [job, slot] as const));
  return { outcome, extra: hiddenFields(split, outcome, hidden) };
}

/** Why the run stops here: the endpoint failed in a way every later problem would too. */
export function fatalError(outcome: LoopOutcome): string | undefined {
  if (outcome.endReason !== 'endpoint-failed' || !outcome.error || !FATAL_KINDS.has(outcome.error.kind)) return;
  return `${outcome.error.message}${outcome.error.hint ? ` ${outcome.error.hint}` : ''}`;
}
