// best-of-n: N samples at once; those passing the visible tests are run on extra inputs (the
// visible tests' arguments mutated by type, and those of tests the model wrote), grouped by
// identical behaviour, and the code is taken from the largest group. When none passes, the most
// promising one is repaired, as plain repair would.
import type { Selection } from '../../shared/selection.ts';
import { DEFAULT_SAMPLES } from '../../shared/strategy.ts';
import { entryPointOf } from '../assemble.ts';
import { beforeCall, requestFits } from '../cycle.ts';
import { callArguments } from '../select/calls.ts';
import { inputsDriver } from '../select/driver.ts';
import { groupBy } from '../select/group.ts';
import { deriveInputs } from '../select/mutate.ts';
import type { Value } from '../select/literals.ts';
import { stopped, type LoopState, type Strategy } from '../state.ts';
import { plural } from '../text.ts';
import { runDrivers, visibleTestSource } from './behaviour.ts';
import { conversationFor } from './conversation.ts';
import { repair } from './repair.ts';
import {
  drawAndRun,
  mostPromising,
  noneAgreeWhy,
  recordChoice,
  sampleRecord,
  visiblePass,
  type Sample,
} from './sampling.ts';

/** Extra inputs each kept sample is run on. */
export const INPUTS = 24;
const SEED = 20240601;

/** The argument lists selection runs samples on: from the visible tests and the model's own. */
function selectionInputs(s: LoopState, samples: readonly Sample[]): Value[][] {
  const { task } = s.opts;
  const entry = entryPointOf(task);
  if (entry === undefined || task.language === 'typescript') return [];
  const names = task.tests.kind === 'humaneval' ? ['candidate', entry] : [entry];
  const seeds = [
    ...callArguments(visibleTestSource(task), names),
    ...samples.flatMap((x) => callArguments(x.tests.join('\n'), [entry])),
    // The task's generated tests are not trusted to filter samples, but their calls are inputs too.
    ...callArguments((task.generatedTests ?? []).join('\n'), [entry]),
  ];
  return deriveInputs(seeds, INPUTS, SEED);
}

/** Groups kept samples by what they print on the inputs; `undefined` for samples not kept. */
async function behaviourGroups(
  s: LoopState,
  samples: readonly Sample[],
  inputs: Value[][],
): Promise<number[][] | 'stopped'> {
  const kept = samples.map((x) => visiblePass(x.attempt));
  const entry = entryPointOf(s.opts.task);
  if (inputs.length === 0 || entry === undefined) return groupBy(kept.map((k) => (k ? '' : undefined)));
  const driver = inputsDriver(s.opts.task.language, entry, inputs);
  const runs = await runDrivers(
    s,
    samples.map((x, i) => (kept[i] ? x : { ...x, candidate: undefined })),
    driver,
  );
  if (runs === 'stopped') return 'stopped';
  const sigs = runs.map((r) =>
    r === undefined ? undefined : JSON.stringify([inputs.map((_, i) => r.lines.get(i)?.join('\t') ?? '?'), r.status]),
  );
  return groupBy(sigs);
}

export function bestOfN(samples = DEFAULT_SAMPLES): Strategy {
  let selected = false;
  return {
    async step(s: LoopState) {
      // After one round, the chosen (or most promising) candidate is repaired one sample at a time.
      if (selected) return repair.step(s);
      const limit = beforeCall(s);
      if (limit) return limit;
      const conversation = conversationFor(s);
      const tooBig = requestFits(s, { ...conversation, tokens: conversation.tokens * samples });
      if (tooBig) return tooBig;
      const drawn = await drawAndRun(s, conversation, samples);
      if (!Array.isArray(drawn)) return drawn;
      selected = true;
      const records = drawn.map(sampleRecord);
      const inputs = selectionInputs(s, drawn);
      const groups = await behaviourGroups(s, drawn, inputs);
      if (groups === 'stopped') return stopped(s);
      groups.forEach((g, gi) => g.forEach((m) => (records[m]!.group = gi)));
      const top = groups[0];
      const selection: Selection = top
        ? {
            samples: records,
            groups: groups.map((g) => g.length),
            chosenSize: top.length,
            chosen: top[0]!,
            inputs: inputs.length,
            why: chosenWhy(drawn.length, groups, inputs.length, top[0]!),
          }
        : {
            samples: records,
            groups: [],
            chosenSize: 0,
            chosen: mostPromising(drawn),
            inputs: inputs.length,
            why: noneAgreeWhy(drawn, mostPromising(drawn)),
          };
      return recordChoice(s, drawn, selection);
    },
  };
}

function chosenWhy(drawn: number, groups: number[][], inputs: number, chosen: number): string {
  const kept = groups.reduce((n, g) => n + g.length, 0);
  const on = inputs > 0 ? `behave alike on ${plural(inputs, 'input')}` : 'could not be told apart (no inputs to try)';
  return `${kept} of ${plural(drawn, 'sample')} passed the visible tests; ${groups[0]!.length} of them ${on}, in ${plural(groups.length, 'group')}: sample ${chosen + 1} is taken from the largest.`;
}
