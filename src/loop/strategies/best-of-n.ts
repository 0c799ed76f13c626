// best-of-n: N samples at once; those passing the visible tests are run on extra inputs (the
// visible tests' arguments at their edges and mutated by type, and those of tests the model
// wrote; see inputs.ts), grouped by identical behaviour, and the code is taken from the largest
// group. When none passes, the most promising one is repaired, as plain repair would.
import type { ProgramInputCounts, Selection } from '../../shared/selection.ts';
import { DEFAULT_SAMPLES } from '../../shared/strategy.ts';
import { inputsDriver } from '../behaviour/driver.ts';
import { behaviourSignatures, groupBy } from '../behaviour/group.ts';
import type { Value } from '../behaviour/literals.ts';
import type { LoopState } from '../state.ts';
import type { Strategy } from '../strategy.ts';
import { plural } from '../../shared/format.ts';
import { runDrivers } from './driver-runs.ts';
import { selectionInputs, selectionTarget, type Target } from './inputs.ts';
import { sampleRecord, visiblePass, type Sample } from './sample-round.ts';
import { noneAgree, selecting } from './select-then-repair.ts';
import { programGroups } from './program-groups.ts';
import { kindOf } from '../../kinds/registry.ts';
import { STOPPED_STEP, isStopped, type Stopped } from '../stopped.ts';

interface Grouped {
  groups: number[][];
  /** Inputs left out of the comparison: most samples returned nothing there (see behaviourSignatures). */
  ignored: number;
}

/** Groups kept samples by what they print on the inputs; samples not kept are left out. */
async function behaviourGroups(
  s: LoopState,
  samples: readonly Sample[],
  target: Target | undefined,
  inputs: Value[][],
): Promise<Grouped | Stopped> {
  const kept = samples.map((x) => visiblePass(x.attempt));
  if (inputs.length === 0 || target === undefined)
    return { groups: groupBy(kept.map((k) => (k ? '' : undefined))), ignored: 0 };
  const driver = inputsDriver(s.opts.task.language, target.entry, inputs);
  const runs = await runDrivers(
    s,
    samples.map((x, i) => (kept[i] ? x : { ...x, candidate: undefined })),
    driver,
  );
  if (isStopped(runs)) return STOPPED_STEP;
  // A run cut short (time limit, crash) has no line for the inputs it did not reach: `?` there.
  const outputs = runs.map((r) => r && inputs.map((_, i) => r.lines.get(i)?.join('\t') ?? '?'));
  const { signatures, ignored } = behaviourSignatures(outputs);
  return { groups: groupBy(signatures), ignored };
}

/** Selection by behaviour; codet takes it too for contest programs, whose tests are not code. */
export async function selectByBehaviour(s: LoopState, drawn: readonly Sample[]): Promise<Selection | Stopped> {
  const grouped = await groupsOf(s, drawn);
  if (isStopped(grouped)) return STOPPED_STEP;
  const { groups, ignored, inputs: count, counts } = grouped;
  const top = groups[0];
  const fromProgram = counts ? { programInputs: counts } : {};
  if (!top) return noneAgree(drawn, { inputs: count, ...fromProgram });
  const records = drawn.map(sampleRecord);
  groups.forEach((g, gi) => g.forEach((m) => (records[m]!.group = gi)));
  return {
    samples: records,
    groups: groups.map((g) => g.length),
    chosenSize: top.length,
    chosen: top[0]!,
    inputs: count,
    ...fromProgram,
    why: chosenWhy(drawn.length, groups, count, ignored, top[0]!) + (counts?.note ? ` ${counts.note}` : ''),
  };
}

/** Contest programs are grouped by what they print (program-groups.ts); functions by what they return. */
async function groupsOf(
  s: LoopState,
  drawn: readonly Sample[],
): Promise<(Grouped & { inputs: number; counts?: ProgramInputCounts }) | Stopped> {
  const { task } = s.opts;
  if (kindOf(task).grouping === 'outputs') return programGroups(s, drawn);
  const target = selectionTarget(task);
  const inputs = selectionInputs(
    task,
    target,
    drawn.flatMap((x) => x.tests),
  );
  const grouped = await behaviourGroups(s, drawn, target, inputs);
  return isStopped(grouped) ? STOPPED_STEP : { ...grouped, inputs: inputs.length };
}

export const bestOfN = (samples = DEFAULT_SAMPLES): Strategy => selecting(samples, selectByBehaviour);

function chosenWhy(drawn: number, groups: number[][], inputs: number, ignored: number, chosen: number): string {
  const kept = groups.reduce((n, g) => n + g.length, 0);
  const left = ignored > 0 ? ` (${ignored} that most of them reject left out)` : '';
  const on =
    inputs > 0 ? `behave alike on ${plural(inputs, 'input')}${left}` : 'could not be told apart (no inputs to try)';
  return `${kept} of ${plural(drawn, 'sample')} passed the visible tests; ${groups[0]!.length} of them ${on}, in ${plural(groups.length, 'group')}: sample ${chosen + 1} is taken from the largest.`;
}
