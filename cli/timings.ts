// Where a command's time goes, phase by phase: written as JSON to the file named by
// FIXPOINT_TIMINGS when it is set (the bench reads it), and nowhere otherwise.
import { writeFileSync } from 'node:fs';

const phases: Record<string, number> = {};
const figures: Record<string, number> = {};

/** Times `work` as the phase `name` (added to earlier time under the same name). */
export async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const t = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = (phases[name] ?? 0) + performance.now() - t;
  }
}

export function record(name: string, value: number): void {
  figures[name] = value;
}

export function writeTimings(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.FIXPOINT_TIMINGS;
  if (!file) return;
  // performance.now() counts from the process's start: the whole command as the shell saw it.
  writeFileSync(file, `${JSON.stringify({ totalMs: performance.now(), phasesMs: phases, ...figures }, null, 2)}\n`);
}
