// A benchmark run record as the Benchmark view and `run` store it: a small plain-repair run
// against a local endpoint; a test overrides what it is about (tasks, samples, sandboxes, split).
import type { BenchRun } from '../../src/shared/bench-records.ts';

export function makeBenchRun(over: Partial<BenchRun> = {}, settings: Partial<BenchRun['settings']> = {}): BenchRun {
  return {
    id: 'run',
    title: 'run',
    createdAt: 0,
    updatedAt: 0,
    status: 'running',
    dataset: 'test',
    endpoint: { provider: 'openai', baseUrl: 'http://x', model: 'm' },
    prices: {},
    subset: { kind: 'all' },
    problems: [],
    ...over,
    settings: {
      maxIterations: 2,
      strategy: { name: 'repair' },
      samples: 1,
      sandboxes: 2,
      timeoutSec: 3,
      showTests: true,
      ...settings,
    },
  };
}
