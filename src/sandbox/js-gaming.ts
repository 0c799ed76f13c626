// The static test-gaming checks of a JavaScript or TypeScript run (typescript/gaming.ts), made on
// the page, where the candidate never runs, and joined to the flags the run itself reported. The
// checks and the TypeScript parser they use load with the first run that needs them.
import type { GamingFlag } from '../shared/gaming.ts';
import type { RunJob, RunResult } from '../shared/run.ts';
import type { jsGamingFlags as JsGamingFlags } from './typescript/gaming.ts';

let checks: Promise<{ jsGamingFlags: typeof JsGamingFlags }> | undefined;

/** The candidate's static flags; [] when the job asks for none or the checks cannot load. */
export async function staticJsFlags(job: RunJob): Promise<GamingFlag[]> {
  if (job.flags === false) return [];
  const tests = job.tests.kind === 'user' ? job.tests.source : undefined;
  checks ??= import('./typescript/gaming.ts');
  try {
    return (await checks).jsGamingFlags(job.code, tests, job.language === 'typescript');
  } catch {
    checks = undefined; // a chunk that failed to load is asked for again next time
    return [];
  }
}

/**
 * The run's own flags (an exit seen while it ran says more than its syntax), then the static
 * ones of kinds the run did not flag, one per kind and line.
 */
export function withStaticFlags(result: RunResult, found: readonly GamingFlag[]): RunResult {
  const own = result.flags ?? [];
  const kinds = new Set(own.map((f) => f.kind));
  const seen = new Set<string>();
  const flags = [...own, ...found.filter((f) => !kinds.has(f.kind))].filter((f) => {
    const key = `${f.kind}:${f.line ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ...result, flags };
}
