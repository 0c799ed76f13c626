// The live line of a benchmark run: tasks done, passed so far, tokens, cost when prices are
// known, elapsed time, the tasks in flight and an estimate of the time left.
import type { RunSummary } from '../../shared/bench-summary.ts';
import { plural } from '../../shared/format.ts';
import { formatCount, formatDuration } from '../common/format.ts';

export interface ProgressFigures {
  summary: RunSummary;
  total: number;
  /** Time spent running in this page, every stretch between a start or resume and its end. */
  elapsedMs: number;
  /** The pace of this stretch, measured when its last task finished (so it holds still while one runs). */
  msPerTask?: number;
  running: boolean;
  /** Tasks being worked on now. */
  inFlight: number;
}

export function progressText(p: ProgressFigures): string {
  const s = p.summary;
  const parts = [
    `${s.samples}/${p.total} done`,
    `${s.passed} passed`,
    `${formatCount(s.input_tokens + s.output_tokens)} tokens`,
  ];
  if (s.cost !== undefined) parts.push(`$${s.cost.toFixed(4)}`);
  // A run not driven by this page (imported, or from an earlier visit) has no time to tell.
  if (p.running || p.elapsedMs > 0) parts.push(`${formatDuration(p.elapsedMs)} elapsed`);
  if (p.running && p.inFlight > 0) parts.push(`${plural(p.inFlight, 'task')} running`);
  const left = p.total - s.samples;
  if (p.running && left > 0 && p.msPerTask !== undefined)
    parts.push(`about ${formatDuration(p.msPerTask * left)} left`);
  return parts.join(' · ');
}
