// best-of-n on contest programs, as AlphaCode clusters: each sample that passed the public tests
// runs on the public inputs and their mutants (select/program-inputs.ts), and samples that print
// the same on every one of them form a group. Nothing is judged in these runs: the page only
// records what each program printed (a test spec with `collect`).
import { strippedLines } from '../../kinds/program/compare.ts';
import { runJob } from '../evaluate.ts';
import { behaviourSignatures, groupBy } from '../select/group.ts';
import { programInputs } from '../select/program-inputs.ts';
import type { LoopState } from '../state.ts';
import { visiblePass, type Sample } from './sampling.ts';

export interface ProgramGroups {
  groups: number[][];
  ignored: number;
  inputs: number;
}

export async function programGroups(s: LoopState, samples: readonly Sample[]): Promise<ProgramGroups | 'stopped'> {
  const { task, runtime } = s.opts;
  if (task.tests.kind !== 'program') throw new Error('not a contest program');
  const inputs = programInputs(task.tests.inputs);
  const t0 = s.now();
  const runs = await Promise.all(
    samples.map(async (x) => {
      if (!x.candidate || !visiblePass(x.attempt)) return undefined;
      const r = await runJob(
        runtime,
        {
          language: task.language,
          code: x.candidate.program,
          tests: { kind: 'program', inputs, outputs: [], collect: true, funcName: undefined },
          limits: task.limits,
        },
        s.signal,
      );
      if (r === 'stopped') return 'stopped' as const;
      // What it printed, as the comparison reads it; `?` for an input it never reached.
      return inputs.map((_, i) => {
        const got = r.tests[i]?.actual;
        return got === undefined ? '?' : got.startsWith('!') ? got : strippedLines(got).join('\n');
      });
    }),
  );
  s.runMs += s.now() - t0;
  if (runs.includes('stopped')) return 'stopped';
  const outputs = runs as (string[] | undefined)[];
  const { signatures, ignored } = behaviourSignatures(outputs);
  return { groups: groupBy(signatures), ignored, inputs: inputs.length };
}
