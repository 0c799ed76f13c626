// The JavaScript job the runtime tests send: one builder, so a change to RunJob is made once.
import type { RunJob } from '../../src/shared/run.ts';

/** A JavaScript feedback run of `code` (with Node-style `tests`, if any), 3 s and 64 KiB by default. */
export function jsJob(code: string, tests?: string, extra: Partial<RunJob> = {}): RunJob {
  return {
    language: 'javascript',
    code,
    tests: tests === undefined ? { kind: 'none' } : { kind: 'user', source: tests },
    limits: { timeoutSec: 3, outputCap: 64 * 1024 },
    mode: 'feedback',
    ...extra,
  };
}
