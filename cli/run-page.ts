// `run`'s side of the headless page: opening it for the problems left to run, and one problem's
// row from it (its loop, then its hidden tests when some are kept back).
import type { EndpointConfig } from '../src/shared/model.ts';
import { problemToTask } from '../src/kinds/rows.ts';
import type { Problem } from '../src/shared/problems.ts';
import type { StrategySettings } from '../src/shared/strategy.ts';
import type { VisibleTests } from '../src/shared/visible-tests.ts';
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

/** What the page's solve gives back: the row, what to say once, why the endpoint failed. */
type Solved = Awaited<ReturnType<Window['fixpoint']['solve']>>;

/** The page, with a sandbox (a lane) per problem worked on at once. */
export async function openRunPage(
  problems: Problem[],
  workersFlag: number | undefined,
  timeout: number,
  log: (s: string) => void,
): Promise<HeadlessPage & { lanes: number }> {
  const workers = workersFor(workersFlag, problems.length);
  // Python boots only when a problem is in Python (MultiPL-E files are JavaScript or TypeScript).
  const languages = [...new Set(problems.map((p) => problemToTask(p, timeout).language))];
  const page = await openHeadless({ sandboxes: workers, log, languages });
  const noHistory = await page.page.evaluate(() => window.fixpoint.historyProblem());
  if (noHistory) log(`fixpoint: the sessions of this run are not kept in the history: ${noHistory}`);
  return Object.assign(page, { lanes: workers });
}

/** One problem through the page's pipeline (src/app/solve.ts): its loop, then its hidden tests, kept back when asked. */
export function solve(page: HeadlessPage, p: Problem, slot: number, o: RunSettings): Promise<Solved> {
  const { endpoint, maxIterations, strategy, screenshots, visible, timeout } = o;
  const settings = { maxIterations, strategy, screenshots };
  const options = { endpoint, settings, timeoutSec: timeout, slot, ...(visible === undefined ? {} : { visible }) };
  return page.page.evaluate(([problem, opts]) => window.fixpoint.solve(problem, opts), [p, options] as const);
}

/** Why the run stops here: the endpoint failed in a way every later problem would too. */
export function fatalError({ row, error }: Solved): string | undefined {
  if (row.end_reason !== 'endpoint-failed' || !error || !FATAL_KINDS.has(error.kind)) return;
  return `${error.message}${error.hint ? ` ${error.hint}` : ''}`;
}
