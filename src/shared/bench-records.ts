// A benchmark run as it is kept: what was asked (dataset, endpoint, settings, the picked tasks)
// and, per finished task and sample, its `run --out` row and the history session behind it.
import type { Problem } from './problems.ts';
import type { StrategySettings } from './strategy.ts';
import type { RunRow } from './bench-rows.ts';
import type { SubsetSpec } from './bench-subset.ts';
import type { VisibleTests } from './visible-tests.ts';
import type { Prices } from './bench-summary.ts';

type BenchStatus = 'running' | 'paused' | 'stopped' | 'done' | 'imported';

interface BenchSettings {
  maxIterations: number;
  strategy: StrategySettings;
  /** Independent runs of each task, for pass@k. */
  samples: number;
  sandboxes: number;
  timeoutSec: number;
  /** Show the visible tests in the first message. */
  showTests: boolean;
  /** As `run --visible-tests`: the model sees only these; the rest are hidden and decide "passed". */
  visibleTests?: VisibleTests;
}

export interface BenchRun {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  status: BenchStatus;
  dataset: string;
  /** Never the key. */
  endpoint: { provider: string; baseUrl: string; model: string };
  prices: Prices;
  settings: BenchSettings;
  subset: SubsetSpec;
  /** The picked tasks, so a reload goes on without the file; empty for an imported run. */
  problems: Problem[];
}

export interface BenchResult {
  runId: string;
  /** `${taskId}#${sample}` */
  key: string;
  row: RunRow;
  /** The session in the history holding the attempts, when it was saved. */
  sessionId?: string;
}

export const resultKey = (taskId: string | number, sample: number): string => `${String(taskId)}#${sample}`;
