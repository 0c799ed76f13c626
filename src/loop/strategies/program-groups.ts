// best-of-n on contest programs, as AlphaCode clusters: each sample that passed the public tests
// runs on the public inputs, inputs at their boundaries and mutants (behaviour/program-inputs.ts),
// and inputs the model proposes in one extra request (behaviour/proposed-inputs.ts); samples that
// print the same on every one of them form a group. Nothing is judged in these runs: the page only
// records what each program printed (a test spec with `collect`).
import { strippedLines } from '../../kinds/program/compare.ts';
import type { ProgramInputCounts } from '../../shared/selection.ts';
import { DEFAULT_CONTEXT_BUDGET_TOKENS, fitConversation } from '../budget.ts';
import { runJob } from '../evaluate.ts';
import { behaviourSignatures, groupBy } from '../behaviour/group.ts';
import { programInputs } from '../behaviour/program-inputs.ts';
import { shapeOf } from '../behaviour/program-shape.ts';
import { dropSummary, PROPOSALS, readProposals, type Proposals } from '../behaviour/proposed-inputs.ts';
import { elapsedMs, tokensUsed, type LoopState } from '../state.ts';
import { ask } from '../steps.ts';
import { nextCallStop } from '../stop.ts';
import { visiblePass, type Sample } from './sample-round.ts';
import { STOPPED_STEP, isStopped, type Stopped } from '../stopped.ts';

export interface ProgramGroups {
  groups: number[][];
  ignored: number;
  inputs: number;
  counts: ProgramInputCounts;
}

type Asked = Proposals & { note?: string };

const none = (note: string): Asked => ({ kept: [], dropped: [], note });

/** The one extra request: inputs the model proposes, read and checked against the public inputs' shape. */
async function proposeInputs(s: LoopState, tried: readonly string[]): Promise<Asked | Stopped> {
  const { task, settings, model, hooks } = s.opts;
  if (task.tests.kind !== 'program') return none('');
  const conversation = fitConversation(
    {
      task,
      history: [],
      tactic: false,
      showTests: settings.showTests ?? true,
      mode: { proposeInputs: PROPOSALS },
      provider: model.config.provider,
    },
    settings.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS,
  );
  const grouped = 'the samples were grouped on the public inputs and those derived from them alone';
  if (nextCallStop(tokensUsed(s), conversation.tokens, settings.tokenBudget))
    return none(`No inputs were asked of the model, as the request would go over the token budget: ${grouped}.`);
  if (settings.timeBudgetSec !== undefined && elapsedMs(s) >= settings.timeBudgetSec * 1000)
    return none(`No inputs were asked of the model, as the time budget is spent: ${grouped}.`);
  hooks.onStatus?.(`Asking the model for ${PROPOSALS} inputs to tell the samples apart.`);
  const got = await ask(s, conversation, { quiet: true });
  if (s.signal.aborted || isStopped(got)) return STOPPED_STEP;
  if ('verdict' in got) return none(`Asking the model for inputs failed (${got.verdict.message}): ${grouped}.`);
  const read = readProposals(got.text, shapeOf(task.tests.inputs), tried);
  if (read.kept.length + read.dropped.length > 0) return read;
  return { ...read, note: `The model proposed no inputs: ${grouped}.` };
}

export async function programGroups(s: LoopState, samples: readonly Sample[]): Promise<ProgramGroups | Stopped> {
  const { task, runtime } = s.opts;
  if (task.tests.kind !== 'program') throw new Error('not a contest program');
  // Call-based (LeetCode) samples are called on each input, as their tests call them.
  const name = task.tests.funcName;
  const call = name === undefined ? undefined : { name, words: `${task.prompt}\n${task.starterCode ?? ''}` };
  const base = programInputs(task.tests.inputs, task.prompt, undefined, call);
  // With fewer than two samples to tell apart, inputs from the model would decide nothing.
  const kept = samples.filter((x) => x.candidate && visiblePass(x.attempt)).length;
  const asked = kept >= 2 ? await proposeInputs(s, base.inputs) : none('');
  if (isStopped(asked)) return STOPPED_STEP;
  const inputs = [...base.inputs, ...asked.kept];
  const t0 = s.now();
  const runs = await Promise.all(
    samples.map(async (x) => {
      if (!x.candidate || !visiblePass(x.attempt)) return undefined;
      const r = await runJob(
        runtime,
        {
          language: task.language,
          code: x.candidate.program,
          tests: { kind: 'program', inputs, outputs: [], collect: true, funcName: name },
          limits: task.limits,
        },
        s.signal,
      );
      if (isStopped(r)) return STOPPED_STEP;
      // What it printed, as the comparison reads it; `?` for an input it never reached.
      return inputs.map((_, i) => {
        const got = r.tests[i]?.actual;
        return got === undefined ? '?' : got.startsWith('!') ? got : strippedLines(got).join('\n');
      });
    }),
  );
  s.runMs += s.now() - t0;
  if (runs.some(isStopped)) return STOPPED_STEP;
  const outputs = runs as (string[] | undefined)[];
  const { signatures, counted } = behaviourSignatures(outputs);
  // A proposed input most samples crash on is most likely not a valid one: dropped, as AlphaCode
  // filters its generated inputs; a derived one is only left out of the comparison.
  const from = base.inputs.length;
  const crashed = asked.kept.filter((_, j) => !counted[from + j]);
  const dropped = [
    ...asked.dropped,
    ...crashed.map((input) => ({ input, reason: 'that most samples crash on, so likely invalid' as const })),
  ];
  const counts: ProgramInputCounts = {
    public: base.public,
    derived: base.derived,
    proposed: asked.kept.length - crashed.length,
    dropped: dropSummary(dropped),
  };
  if (asked.note) counts.note = asked.note;
  return {
    groups: groupBy(signatures),
    ignored: counted.slice(0, from).filter((c) => !c).length,
    inputs: inputs.length - crashed.length,
    counts,
  };
}
