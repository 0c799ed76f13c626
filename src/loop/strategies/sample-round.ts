// A round of a selection strategy: N samples drawn side by side from one request, each extracted
// and run on the visible tests at once; then the caller selects one, and it is recorded as the
// round's attempt with every sample kept beside it.
import type { Usage } from '../../shared/model.ts';
import type { RunResult } from '../../shared/run.ts';
import type { SampleRecord, Selection } from '../../shared/selection.ts';
import type { Attempt } from '../../shared/session.ts';
import type { Candidate } from '../assemble.ts';
import type { Conversation } from '../budget.ts';
import { conclude } from '../cycle.ts';
import { blankAttempt, nextIndex, stopped, type LoopEnd, type LoopState } from '../state.ts';
import { extract, noCode, run, type Reply } from '../steps.ts';
import { plural } from '../../shared/format.ts';
import { splitReply } from '../behaviour/reply-tests.ts';
import { entryPointOf } from '../assemble.ts';
import { drawReplies } from './draw.ts';
import { STOPPED_STEP, isStopped, type Stopped } from '../stopped.ts';

export interface Sample {
  reply: Reply;
  candidate?: Candidate;
  /** The sample as an attempt: run on the visible tests, or with no-code feedback. */
  attempt: Attempt;
  /** Tests the model wrote beside the code. */
  tests: string[];
}

/** Passed every visible test (hidden ones are never looked at when selecting). */
export const visiblePass = (a: Attempt): boolean => a.result?.status === 'passed';

const passedCount = (r?: RunResult): number => r?.tests.filter((t) => t.passed).length ?? 0;

export function sampleRecord(x: Sample): SampleRecord {
  const r = x.attempt.result;
  return {
    code: x.candidate?.code,
    passed: passedCount(r),
    total: r?.tests.length ?? 0,
    ok: visiblePass(x.attempt),
  };
}

/**
 * Draws `n` samples of one request (see draw.ts) and runs them all. Calls that fail are dropped
 * while any succeed; the run ends when all fail, or on Stop.
 */
export async function drawAndRun(s: LoopState, conversation: Conversation, n: number): Promise<Sample[] | LoopEnd> {
  const { hooks, task } = s.opts;
  const index = nextIndex(s);
  hooks.onAttemptStart?.(index);
  hooks.onStatus?.(`Drawing ${plural(n, 'sample')} for attempt ${index + 1}.`);
  const replies = await drawReplies(s, conversation, n);
  s.iterations++;
  s.samples += n;
  if (s.signal.aborted) return stopped(s);
  const got = replies.filter((r): r is Reply => !isStopped(r) && !('verdict' in r));
  const first = replies[0]!;
  if (got.length === 0) return isStopped(first) ? stopped(s) : (first as LoopEnd);
  hooks.onStatus?.(`Running ${plural(got.length, 'sample')} of attempt ${index + 1}.`);
  const entry = entryPointOf(task);
  const samples = await Promise.all(
    got.map(async (reply): Promise<Sample | Stopped> => {
      const split = splitReply(reply.text, task.language, entry);
      const base = {
        ...blankAttempt(s, index),
        messages: reply.messages,
        reply: reply.text,
        usage: reply.usage,
        modelMs: reply.ms,
      };
      const c = extract(s, split.codeReply);
      if (c.kind === 'no-code') return { reply, attempt: noCode(c, base, task.language), tests: split.tests };
      // Samples are filtered on the task's own tests: a generated test may be wrong, so it is
      // weighed by selection (codet's agreement, best-of-n's inputs), never used to drop a sample.
      const attempt = await run(s, c, base, { quiet: true, givenOnly: true });
      return isStopped(attempt) ? STOPPED_STEP : { reply, candidate: c, attempt, tests: split.tests };
    }),
  );
  if (samples.some(isStopped)) return stopped(s);
  return samples.filter((x): x is Sample => !isStopped(x));
}

/** The sample that passed the most visible tests (the earliest on a tie): the one repaired next. */
export function mostPromising(samples: readonly Sample[]): number {
  // Code that ran beats a reply without any; then the more tests passed, the better.
  const score = (y: Sample): number => (y.candidate ? 1 : 0) + passedCount(y.attempt.result) * 2;
  let best = 0;
  samples.forEach((x, i) => {
    if (score(x) > score(samples[best]!)) best = i;
  });
  return best;
}

export function noneAgreeWhy(samples: readonly Sample[], chosen: number): string {
  const r = samples[chosen]?.attempt.result;
  const how = r ? `${passedCount(r)} of ${r.tests.length} visible tests` : 'no code';
  return `None of the ${plural(samples.length, 'sample')} passed the visible tests; sample ${chosen + 1} did best (${how}) and is repaired next.`;
}

/** Records the chosen sample as the round's attempt, carrying every sample's calls and the selection. */
export async function recordChoice(
  s: LoopState,
  samples: readonly Sample[],
  selection: Selection,
  /** Tokens selection spent beyond the samples' own requests. */
  extra: Usage = { inputTokens: 0, outputTokens: 0 },
): Promise<LoopEnd | undefined> {
  const chosen = samples[selection.chosen]!;
  const usage = { ...extra };
  let modelMs = 0;
  for (const x of samples) {
    usage.inputTokens += x.reply.usage.inputTokens;
    usage.outputTokens += x.reply.usage.outputTokens;
    modelMs = Math.max(modelMs, x.reply.ms);
  }
  // Samples ran on the task's own tests; the chosen one is judged as repair judges any attempt,
  // on the accepted generated tests too, so both say the same of the same code.
  let judged = chosen.attempt;
  if (chosen.candidate && (s.opts.task.generatedTests ?? []).some((t) => t.trim() !== '')) {
    const full = await run(s, chosen.candidate, chosen.attempt, { quiet: true });
    if (isStopped(full)) return stopped(s);
    judged = full;
  }
  const attempt: Attempt = { ...judged, usage, modelMs, selection };
  if (s.tactic) attempt.tactic = true;
  s.tactic = false;
  s.opts.hooks.onStatus?.(selection.why);
  return conclude(s, attempt);
}
