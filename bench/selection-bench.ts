// What best-of-n's selection costs per task beside the model calls: deriving its inputs (edges and
// mutants), running every sample's driver program in the page's sandbox (side by side, as the loop
// does), and grouping. Samples are the canonical solutions repeated, so every one is kept and run:
// the worst case for the runs. The mutants alone, as selection ran before it tried edges, are
// measured in the same run, so the two compare under the same load.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { openHeadless } from '../cli/page.ts';
import { callArguments } from '../src/loop/behaviour/calls.ts';
import { inputsDriver, readDriverOutput } from '../src/loop/behaviour/driver.ts';
import { behaviourSignatures, groupBy } from '../src/loop/behaviour/group.ts';
import type { Value } from '../src/loop/behaviour/literals.ts';
import { deriveInputs } from '../src/loop/behaviour/mutate.ts';
import { selectionInputs, selectionTarget } from '../src/loop/strategies/inputs.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import type { Task } from '../src/shared/task.ts';
import { HUMANEVAL } from './mixed-set.ts';
import { median } from './median.ts';

interface Problem {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
}

interface Figures {
  medianMs: number;
  maxMs: number;
  /** The median of deriving inputs and grouping alone. */
  mutateGroupMedianMs: number;
  inputs: number;
}

export interface SelectionFigures {
  tasks: number;
  /**
   * Per N: selection's own inputs, the 24 mutants it used to run alone, and the median over tasks
   * of the one's time over the other's (each task runs both back to back).
   */
  byN: Record<number, { current: Figures; mutantsOnly: Figures; ratio: number }>;
}

const MUTANTS_BEFORE = 24;

function asTask(p: Problem): Task {
  const tests = { kind: 'humaneval' as const, test: p.test, entryPoint: p.entry_point };
  const limits = { timeoutSec: 3, outputCap: 64 * 1024 };
  return { kind: 'function', id: p.task_id, title: p.entry_point, prompt: p.prompt, language: 'python', tests, limits };
}

const inputsOf = (p: Problem, current: boolean): Value[][] => {
  if (!current) return deriveInputs(callArguments(p.test, ['candidate', p.entry_point]), MUTANTS_BEFORE, 20240601);
  const task = asTask(p);
  return selectionInputs(task, selectionTarget(task), []);
};

export async function measureSelection(log: (s: string) => void, tasks = 20): Promise<SelectionFigures> {
  const problems = gunzipSync(readFileSync(HUMANEVAL))
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(0, tasks)
    .map((l) => JSON.parse(l) as Problem);
  const hp = await openHeadless({ sandboxes: 1, log });
  const byN: SelectionFigures['byN'] = {};
  try {
    await hp.page.evaluate(() => window.fixpoint.start(1));
    // Warm the interpreter first, so neither N pays for the first runs.
    const warm: RunJob = {
      language: 'python',
      code: 'pass',
      tests: { kind: 'none' },
      limits: { timeoutSec: 3, outputCap: 1024 },
    };
    await hp.page.evaluate((j) => Promise.all(Array.from({ length: 10 }, () => window.fixpoint.run(j, 0))), warm);
    // Each N twice, alternating; the second pass is kept, so neither pays for what the first
    // warmed. Each task runs both input sets back to back, in turn first, so the machine's load
    // weighs on both alike.
    for (const n of [5, 10, 5, 10]) {
      const totals = { current: [] as number[], mutantsOnly: [] as number[] };
      const local = { current: [] as number[], mutantsOnly: [] as number[] };
      const counts = { current: 0, mutantsOnly: 0 };
      const ratios: number[] = [];
      for (const [k, p] of problems.entries()) {
        const took: Record<string, number> = {};
        for (const current of k % 2 === 0 ? [false, true] : [true, false]) {
          const which = current ? 'current' : 'mutantsOnly';
          const t0 = performance.now();
          const inputs = inputsOf(p, current);
          counts[which] += inputs.length;
          const job: RunJob = {
            language: 'python',
            code: `${p.prompt}${p.canonical_solution}\n${inputsDriver('python', p.entry_point, inputs)}`,
            tests: { kind: 'none' },
            limits: { timeoutSec: 3, outputCap: 64 * 1024 },
          };
          const t1 = performance.now();
          // All N at once on the loop's one sandbox, as a selection round runs them.
          const results = await hp.page.evaluate(
            ([j, k]) => Promise.all(Array.from({ length: k }, () => window.fixpoint.run(j, 0))),
            [job, n] as const,
          );
          const t2 = performance.now();
          const lines = results.map((r: RunResult) => readDriverOutput(r.stdout));
          groupBy(behaviourSignatures(lines.map((l) => inputs.map((_, i) => l.get(i)?.join('\t') ?? '?'))).signatures);
          const t3 = performance.now();
          totals[which].push(t3 - t0);
          local[which].push(t1 - t0 + (t3 - t2));
          took[which] = t3 - t0;
        }
        ratios.push(took.current! / took.mutantsOnly!);
      }
      const figures = (w: 'current' | 'mutantsOnly'): Figures => ({
        medianMs: median(totals[w]),
        maxMs: Math.max(...totals[w]),
        mutateGroupMedianMs: median(local[w]),
        inputs: counts[w] / problems.length,
      });
      byN[n] = { current: figures('current'), mutantsOnly: figures('mutantsOnly'), ratio: median(ratios) };
      log(
        `selection overhead, N=${n}: median ${median(totals.current).toFixed(0)} ms per task, ` +
          `${median(totals.mutantsOnly).toFixed(0)} ms over ${MUTANTS_BEFORE} mutants only (${median(ratios).toFixed(2)}x)`,
      );
    }
  } finally {
    await hp.close();
  }
  return { tasks: problems.length, byN };
}
