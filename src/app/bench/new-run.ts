// The record of a new benchmark run, from the form's values and the tasks picked, and of a run
// read from a `run --out` file. Pure, so the names and settings are tested without a page.
import type { BenchResult, BenchRun } from '../../shared/bench-records.ts';
import type { RunRow } from '../../shared/bench-rows.ts';
import { describeSubset } from '../../shared/bench-subset.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import type { Problem } from '../../shared/problems.ts';
import type { VisibleTests } from '../../shared/visible-tests.ts';
import type { BenchFormValues } from '../../ui/bench/bench-form.ts';

const VISIBLE_NOTES: Record<string, string> = { doc: 'docstring examples', pack: 'the pack’s own' };
const visibleNote = (v: VisibleTests | undefined): string =>
  v === undefined ? '' : ` · visible: ${VISIBLE_NOTES[v] ?? `first ${v}`}`;

export function newRun(
  values: Omit<BenchFormValues, 'file'> & { file?: { name: string } },
  problems: Problem[],
  endpoint: EndpointConfig,
  now: number,
  id: string,
): BenchRun {
  const { visibleTests } = values;
  const dataset = values.dataset === 'file' ? (values.file?.name ?? 'file') : values.dataset;
  return {
    id,
    title: `${dataset} · ${endpoint.model} · ${values.strategy.name} · ${describeSubset(values.subset)}${visibleNote(visibleTests)}`,
    createdAt: now,
    updatedAt: now,
    status: 'paused',
    dataset,
    endpoint: { provider: endpoint.provider, baseUrl: endpoint.baseUrl, model: endpoint.model },
    prices: { priceInPerM: endpoint.priceInPerM, priceOutPerM: endpoint.priceOutPerM },
    settings: {
      maxIterations: values.maxIterations,
      strategy: values.strategy,
      samples: values.samples,
      sandboxes: values.sandboxes,
      timeoutSec: values.timeoutSec,
      showTests: true,
      ...(visibleTests === undefined ? {} : { visibleTests }),
    },
    subset: values.subset,
    problems,
  };
}

export function importedRun(
  fileName: string,
  imported: RunRow[],
  now: number,
  id: string,
): { run: BenchRun; results: BenchResult[] } {
  const run: BenchRun = {
    id,
    title: `${fileName} (imported)`,
    createdAt: now,
    updatedAt: now,
    status: 'imported',
    dataset: fileName,
    endpoint: { provider: '', baseUrl: '', model: '' },
    prices: {},
    settings: {
      maxIterations: Math.max(1, ...imported.map((r) => r.attempts.length)),
      strategy: { name: 'repair' },
      samples: Math.max(1, ...imported.map((r) => (r.sample ?? 0) + 1)),
      sandboxes: 1,
      timeoutSec: 3,
      showTests: true,
    },
    subset: { kind: 'all' },
    problems: [],
  };
  const results = imported.map((row, i) => ({ runId: id, key: `${String(row.task_id)}#${row.sample ?? 0}#${i}`, row }));
  return { run, results };
}
