// The default number of sandboxes for this machine (src/shared/parallelism.ts has the rule).
import { availableParallelism, freemem, totalmem } from 'node:os';
import { defaultSandboxes } from '../src/shared/parallelism.ts';

/** --workers when given, else the machine's default; never more than there are jobs. */
export function workersFor(flag: number | undefined, jobs: number): number {
  // Free memory undercounts on systems that keep a large page cache: never less than a quarter of all.
  const memoryBytes = Math.max(freemem(), totalmem() / 4);
  const n = flag ?? defaultSandboxes({ cores: availableParallelism(), memoryBytes });
  return Math.max(1, Math.min(n, jobs));
}
