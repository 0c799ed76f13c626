// What best-of-n's selection costs per task beside the model calls: deriving inputs by mutation,
// running every sample's driver program in the page's sandbox (side by side, as the loop does),
// and grouping. Samples are the canonical solutions repeated, so every one is kept and run: the
// worst case for the runs.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { openHeadless } from '../cli/page.ts';
import { callArguments } from '../src/loop/select/calls.ts';
import { inputsDriver, readDriverOutput } from '../src/loop/select/driver.ts';
import { groupBy } from '../src/loop/select/group.ts';
import { deriveInputs } from '../src/loop/select/mutate.ts';
import { INPUTS } from '../src/loop/strategies/inputs.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import { HUMANEVAL } from './mixed-set.ts';
import { median } from './median.ts';

interface Problem {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  test: string;
  entry_point: string;
}

export interface SelectionFigures {
  tasks: number;
  /** Per N: median and largest milliseconds per task, and the median of the mutation and grouping part alone. */
  byN: Record<number, { medianMs: number; maxMs: number; mutateGroupMedianMs: number }>;
}

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
    // Each N twice, alternating; the second pass is kept, so neither pays for what the first warmed.
    for (const n of [5, 10, 5, 10]) {
      const totals: number[] = [];
      const local: number[] = [];
      for (const p of problems) {
        const t0 = performance.now();
        const inputs = deriveInputs(callArguments(p.test, ['candidate', p.entry_point]), INPUTS, 20240601);
        const driver = inputsDriver('python', p.entry_point, inputs);
        const job: RunJob = {
          language: 'python',
          code: `${p.prompt}${p.canonical_solution}\n${driver}`,
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
        groupBy(results.map((r: RunResult) => JSON.stringify([...readDriverOutput(r.stdout)])));
        const t3 = performance.now();
        totals.push(t3 - t0);
        local.push(t1 - t0 + (t3 - t2));
      }
      byN[n] = { medianMs: median(totals), maxMs: Math.max(...totals), mutateGroupMedianMs: median(local) };
      log(`selection overhead, N=${n}: median ${median(totals).toFixed(0)} ms per task`);
    }
  } finally {
    await hp.close();
  }
  return { tasks: problems.length, byN };
}
