// The live line of a benchmark run: tasks done, passed so far, tokens, cost when prices are
// known, elapsed time and an estimate of the time left.
import type { RunSummary } from '../../shared/bench-summary.ts';
import { formatCount, formatDuration } from '../common/format.ts';

export interface ProgressFigures {
  summary: RunSummary;
  total: number;
  /** Time spent running in this page, since it started or resumed the run. */
  elapsedMs: number;
  /** Tasks finished since then: the pace the estimate uses. */
  doneHere: number;
  running: boolean;
}

export function progressText(p: ProgressFigures): string {
  const s = p.summary;
  const parts = [
    `${s.samples}/${p.total} done`,
    `${s.passed} passed`,
    `${formatCount(s.input_tokens + s.output_tokens)} tokens`,
  ];
  if (s.cost !== undefined) parts.push(`$${s.cost.toFixed(4)}`);
  parts.push(`${formatDuration(p.elapsedMs)} elapsed`);
  const left = p.total - s.samples;
  if (p.running && left > 0 && p.doneHere > 0)
    parts.push(`about ${formatDuration((p.elapsedMs / p.doneHere) * left)} left`);
  return parts.join(' · ');
}
