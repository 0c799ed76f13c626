// In one page whose profile already holds the snapshot: memory per interpreter, candidates graded
// per second at 1, 2 and 4 sandboxes, and how much slower pure Python runs in Pyodide than in
// native python3 on a fixed workload.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openHeadless } from '../cli/page.ts';
import { parseProblems, problemJob } from '../src/kinds/rows.ts';
import type { RunJob } from '../src/shared/run.ts';
import { readText } from '../cli/files.ts';
import { HUMANEVAL } from './mixed-set.ts';

/** PSS in bytes (shared pages counted once) of every process whose command line names `marker`. */
function pssOf(marker: string): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

// Pure Python, no I/O: arithmetic, strings, a dict, sorting, recursion. Prints its own seconds.
const WORKLOAD = `
import time
def fib(n): return n if n < 2 else fib(n - 1) + fib(n - 2)
t = time.perf_counter()
total = 0
for i in range(1200000): total += (i * i) % 7
d = {str(i): i for i in range(300000)}
s = sorted(d.items(), key=lambda kv: (-kv[1] % 13, kv[0]))
words = " ".join(k for k, _ in s[:60000]).split()
fib(25)
print(time.perf_counter() - t)
`;

export interface ScalingFigures {
  perInterpreterBytes?: number;
  /** Candidates per second over the 164 HumanEval canonical solutions. */
  throughput: Record<number, number>;
  pyodideWorkloadSeconds: number;
  nativeWorkloadSeconds?: number;
}

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function perSecond(page: Page, jobs: RunJob[], slots: number): Promise<number> {
  const seconds = await page.evaluate(
    async ([j, n]) => {
      const t = performance.now();
      await window.fixpoint.grade(j, n);
      return (performance.now() - t) / 1000;
    },
    [jobs, slots] as const,
  );
  return jobs.length / seconds;
}

export async function measureScaling(profileDir: string, log: (s: string) => void): Promise<ScalingFigures> {
  const problems = parseProblems(readText(HUMANEVAL), HUMANEVAL);
  const raw = readText(HUMANEVAL)
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { canonical_solution: string });
  const jobs = problems.map((p, i) => problemJob(p, raw[i]!.canonical_solution, 3));
  const hp = await openHeadless({ sandboxes: 1, log, profileDir });
  try {
    const workload: RunJob = {
      language: 'python',
      code: WORKLOAD,
      tests: { kind: 'none' },
      limits: { timeoutSec: 60, outputCap: 4096 },
    };
    // Interleaved, and the fastest of five each: the figure least disturbed by whatever else runs.
    const inPage: number[] = [];
    const native: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await hp.page.evaluate((j) => window.fixpoint.run(j, 0), workload);
      inPage.push(Number(r.stdout.trim()));
      const n = spawnSync('python3', ['-c', WORKLOAD], { encoding: 'utf8' });
      if (n.status === 0) native.push(Number(n.stdout.trim()));
    }

    const throughput: Record<number, number> = {};
    await settle(5000); // the warm spare boots after the first interpreter
    const one = pssOf(profileDir);
    throughput[1] = await perSecond(hp.page, jobs, 1);
    await hp.page.evaluate(() => window.fixpoint.start(2));
    await settle(5000);
    throughput[2] = await perSecond(hp.page, jobs, 2);
    await hp.page.evaluate(() => window.fixpoint.start(4));
    await settle(8000);
    const four = pssOf(profileDir);
    throughput[4] = await perSecond(hp.page, jobs, 4);
    return {
      // Three more sandboxes, two interpreters each.
      perInterpreterBytes: one !== undefined && four !== undefined ? (four - one) / 6 : undefined,
      throughput,
      pyodideWorkloadSeconds: Math.min(...inPage),
      nativeWorkloadSeconds: native.length ? Math.min(...native) : undefined,
    };
  } finally {
    await hp.close();
  }
}
