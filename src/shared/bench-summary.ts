// The figures a benchmark run is judged by, computed once for the page and the command line:
// pass at the first attempt, after repair, pass@k, tokens and cost.
import { meanPassAtK, reportedKs } from './bench-pass-at-k.ts';
import { flaggedPass, passedFirst, solvedAt, tokensOf, type RunRow } from './bench-rows.ts';

export interface Prices {
  priceInPerM?: number;
  priceOutPerM?: number;
}

export interface RunSummary {
  /** Distinct tasks. */
  problems: number;
  /** Rows: tasks times samples. */
  samples: number;
  passed_first: number;
  passed: number;
  pass_first_rate: number;
  pass_rate: number;
  /** Rows whose last run passed its tests but was flagged for test gaming: not in `passed`. */
  flagged_passes: number;
  /** The pass rate if flagged passes counted. */
  pass_rate_with_flagged: number;
  /** pass@k by k, over tasks, when every task has at least k samples. */
  pass_at_k: Record<string, number>;
  input_tokens: number;
  output_tokens: number;
  /** Tokens spent over the whole run, divided by the rows that passed. */
  tokens_per_solved?: number;
  /** In dollars, when prices are known. */
  cost?: number;
  cost_per_solved?: number;
}

/** Rows grouped by task, in first-seen order. */
export function byTask(rows: readonly RunRow[]): Map<string, RunRow[]> {
  const groups = new Map<string, RunRow[]>();
  for (const r of rows) {
    const key = String(r.task_id);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return groups;
}

export function summarize(rows: readonly RunRow[], prices: Prices = {}): RunSummary {
  const groups = [...byTask(rows).values()];
  const passed = rows.filter((r) => r.passed).length;
  const passedFirstCount = rows.filter(passedFirst).length;
  const flagged = rows.filter(flaggedPass).length;
  const rate = (n: number): number => (rows.length ? n / rows.length : 0);
  const minSamples = Math.min(...groups.map((g) => g.length));
  const counts = groups.map((g) => ({ n: g.length, c: g.filter((r) => r.passed).length }));
  const passAtK: Record<string, number> = {};
  for (const k of groups.length ? reportedKs(minSamples) : []) {
    const v = meanPassAtK(counts, k);
    if (v !== undefined) passAtK[k] = v;
  }
  const input = rows.reduce((n, r) => n + r.usage.input_tokens, 0);
  const output = rows.reduce((n, r) => n + r.usage.output_tokens, 0);
  const out: RunSummary = {
    problems: groups.length,
    samples: rows.length,
    passed_first: passedFirstCount,
    passed,
    pass_first_rate: rate(passedFirstCount),
    pass_rate: rate(passed),
    flagged_passes: flagged,
    pass_rate_with_flagged: rate(passed + flagged),
    pass_at_k: passAtK,
    input_tokens: input,
    output_tokens: output,
  };
  if (passed > 0) out.tokens_per_solved = rows.reduce((n, r) => n + tokensOf(r), 0) / passed;
  if (prices.priceInPerM !== undefined || prices.priceOutPerM !== undefined) {
    out.cost = (input * (prices.priceInPerM ?? 0) + output * (prices.priceOutPerM ?? 0)) / 1_000_000;
    if (passed > 0) out.cost_per_solved = out.cost / passed;
  }
  return out;
}

/** The share of rows solved by attempt 1, 2, … maxAttempts (cumulative). */
export function passRateByAttempt(rows: readonly RunRow[], maxAttempts: number): number[] {
  const at = rows.map(solvedAt);
  return Array.from({ length: maxAttempts }, (_, i) =>
    rows.length ? at.filter((a) => a !== undefined && a <= i + 1).length / rows.length : 0,
  );
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The summary in a few lines of words, as the page shows it and `run` prints it. */
export function summaryLines(s: RunSummary): string[] {
  const lines = [
    `Passed at the first attempt: ${s.passed_first}/${s.samples} (${pct(s.pass_first_rate)})`,
    `Passed after repair: ${s.passed}/${s.samples} (${pct(s.pass_rate)})`,
  ];
  if (s.flagged_passes > 0)
    lines.push(
      `Flagged passes (tests passed, flagged for test gaming, not counted): ${s.flagged_passes}; counting them: ${pct(s.pass_rate_with_flagged)}`,
    );
  const ks = Object.entries(s.pass_at_k);
  if (s.samples > s.problems && ks.length)
    lines.push(
      `pass@k over ${s.problems} tasks: ${ks.map(([k, v]) => `pass@${k} ${pct(v)}`).join(', ')} (a sample counts as solved if it passed by its last attempt, repairs included, so pass@1 is close to "Passed after repair", not to "Passed at the first attempt")`,
    );
  const perSolved = s.tokens_per_solved === undefined ? '' : `, ${Math.round(s.tokens_per_solved)} per solved task`;
  lines.push(`Tokens: ${s.input_tokens} in, ${s.output_tokens} out${perSolved}`);
  if (s.cost !== undefined) {
    const each = s.cost_per_solved === undefined ? '' : `, $${s.cost_per_solved.toFixed(4)} per solved task`;
    lines.push(`Cost: $${s.cost.toFixed(4)}${each}`);
  }
  return lines;
}

/** Tasks two runs both ran that one solved and the other did not; any passing sample counts. */
interface Difference {
  task: string;
  a: boolean;
  b: boolean;
}

export function differences(a: readonly RunRow[], b: readonly RunRow[]): Difference[] {
  const ga = byTask(a);
  const gb = byTask(b);
  const out: Difference[] = [];
  for (const [task, rows] of ga) {
    const other = gb.get(task);
    if (!other) continue;
    const sa = rows.some((r) => r.passed);
    const sb = other.some((r) => r.passed);
    if (sa !== sb) out.push({ task, a: sa, b: sb });
  }
  return out;
}
