// A finished run, shown in two places: the tests' outcomes, the exception and the verdict in the
// results view, and in the console, after what the program printed, one closing line (the output
// cut at the cap, how the run ended) as a terminal ends with the exit status. What the run wrote
// itself is never drawn as one of the page's own lines.
import type { RunResult } from '../../shared/run.ts';
import type { RunResults } from '../results/run-results.ts';
import type { Terminal } from '../terminal/terminal.ts';
import { verdictLine } from './verdict.ts';

/** Where a run shows: what it printed, and how its tests went. */
export interface RunViews {
  terminal: Terminal;
  results: RunResults;
}

/** A run is starting: both views are cleared and say which run it is. */
export function startRun(v: RunViews, heading: string): void {
  v.terminal.clear();
  v.terminal.write(`— ${heading} —\n`, 'info');
  v.results.start(heading);
}

export function writeRunResult(v: RunViews, r: RunResult): void {
  v.results.show(r);
  if (r.truncated) v.terminal.write('\n[output cut at the output cap]\n', 'info');
  v.terminal.write(`\n[${verdictLine(r)}]\n`, r.status === 'passed' ? 'ok' : 'fail');
}
