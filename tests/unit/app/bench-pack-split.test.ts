// A classroom pack run as a benchmark with the pack's own split: the loop (so the model) gets the
// pack's visible tests only, its hidden tests run once on the final code and decide "passed".
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/app/bench/datasets.ts';
import { startBenchRun } from '../../../src/app/bench/bench-runner.ts';
import type { SessionOutcome, SessionRequest } from '../../../src/app/session.ts';
import { hiddenFields, hiddenJob } from '../../../src/loop/hidden-tests.ts';
import type { LoopOutcome } from '../../../src/loop/types.ts';
import type { BenchResult } from '../../../src/shared/bench-records.ts';
import type { Problem } from '../../../src/shared/problems.ts';
import { parseProblems } from '../../../src/kinds/rows.ts';
import type { RunJob } from '../../../src/shared/run.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { datasetMismatch } from '../../../src/shared/visible-tests.ts';
import { splitProblem } from '../../../src/kinds/rows.ts';
import { makeBenchRun } from '../../support/bench-run.ts';
import { rawPack } from '../../support/classroom-pack.ts';
import { loopOutcome, runResult } from '../../support/outcomes.ts';

const packFile = (pack: unknown, name = 'demo.json'): File => new File([JSON.stringify(pack)], name);
const intro = (): Promise<Problem[]> =>
  loadFile(new File([readFileSync(resolve(import.meta.dirname, '../../../data/packs/intro-python.json'))], 'i.json'));

const outcome = (passed: boolean, finalCandidate?: string): LoopOutcome => loopOutcome(passed, { finalCandidate });

describe("the pack's own split", () => {
  it('shows the loop the visible tests only and keeps the hidden ones apart', async () => {
    const [add] = await loadFile(packFile(rawPack()));
    const s = splitProblem(add!, 'pack', 2);
    expect(s.task.tests).toEqual({ kind: 'mbpp', setup: '', asserts: ['assert add(1, 2) == 3'] });
    expect(s.hidden).toEqual({ kind: 'mbpp', setup: '', asserts: ['assert add(-1, -1) == -2'] });
    expect([s.visibleCount, s.hiddenCount]).toEqual([1, 1]);
    expect(s.task.entryPoint).toBe('add');
    expect(s.task.prompt).toContain('assert add(1, 2) == 3');
    expect(JSON.stringify(s.task)).not.toContain('add(-1, -1)');
  });

  it('splits each exercise of the bundled sample pack where its visible tests end', async () => {
    const pack = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../data/packs/intro-python.json'), 'utf8'),
    ) as { exercises: { tests: { code: string }[]; hiddenTests: { code: string }[] }[] };
    const splits = (await intro()).map((p) => splitProblem(p, 'pack', 3));
    expect(splits.map((s) => s.task.tests)).toEqual(
      pack.exercises.map((e) => ({ kind: 'mbpp', setup: '', asserts: e.tests.map((t) => t.code) })),
    );
    expect(splits.map((s) => s.hidden)).toEqual(
      pack.exercises.map((e) => ({ kind: 'mbpp', setup: '', asserts: e.hiddenTests.map((t) => t.code) })),
    );
    for (const [i, s] of splits.entries())
      for (const t of pack.exercises[i]!.hiddenTests) expect(JSON.stringify(s.task)).not.toContain(t.code);
  });

  it('an exercise without hidden tests is decided by its visible ones alone', async () => {
    const [, double] = await loadFile(packFile(rawPack()));
    const s = splitProblem(double!, 'pack', 2);
    expect([s.visibleCount, s.hiddenCount]).toEqual([1, 0]);
    expect(hiddenJob(s, outcome(true, 'def double(x):\n    return 2 * x\n'), 2)).toBeUndefined();
    expect(hiddenFields(s, outcome(true, 'c'), undefined)).toMatchObject({ passed: true, hidden_tests: 0 });
    expect(hiddenFields(s, outcome(false, 'c'), undefined)).toMatchObject({ passed: false, visible_passed: false });
  });

  it('an exercise with hidden tests only shows no tests, yet names its function', async () => {
    const raw = rawPack();
    const ex = (raw.exercises as Record<string, unknown>[])[0]!;
    ex.hiddenTests = [...(ex.tests as unknown[]), ...(ex.hiddenTests as unknown[])];
    ex.tests = [];
    const s = splitProblem((await loadFile(packFile(raw)))[0]!, 'pack', 2);
    expect([s.visibleCount, s.hiddenCount]).toEqual([0, 2]);
    expect(s.task.entryPoint).toBe('add');
    expect(s.task.prompt).not.toMatch(/should pass these tests/);
    expect(s.task.tests).toEqual({ kind: 'mbpp', setup: '', asserts: [] });
    expect(JSON.stringify(s.task)).not.toMatch(/add\(1, 2\)|add\(-1, -1\)/);
  });

  it('is refused for a dataset that is not a pack, and a pack still takes the other choices', async () => {
    const mbpp = parseProblems('{"task_id": 1, "text": "t", "test_list": ["assert f(1) == 1"]}\n', 'm.jsonl');
    expect(datasetMismatch(mbpp, 'pack')).toMatch(/for classroom packs, and this dataset is not one/);
    const pack = await loadFile(packFile(rawPack()));
    expect(datasetMismatch(pack, 'pack')).toBeUndefined();
    expect(datasetMismatch([...pack, ...mbpp], 'pack')).toMatch(/for classroom packs/);
    expect(datasetMismatch(pack, 1)).toBeUndefined();
    expect(datasetMismatch(pack, 'doc')).toMatch(/for HumanEval problems/);
    // All tests visible (no split): the pack's tests grade the task together, as before.
    expect(pack[0]!.kind === 'mbpp' && pack[0]!.asserts).toEqual(['assert add(1, 2) == 3', 'assert add(-1, -1) == -2']);
  });
});

describe("the benchmark runner with the pack's own split", () => {
  it('a candidate passing the visible tests but failing a hidden one is counted failed', async () => {
    const problems = await loadFile(packFile(rawPack()));
    const run = makeBenchRun({ dataset: 'demo.json', problems }, { sandboxes: 1, visibleTests: 'pack' });
    const asked: SessionRequest[] = [];
    const session = (req: SessionRequest): Promise<SessionOutcome> => {
      asked.push(req);
      return Promise.resolve({
        session: { id: `s-${req.task.id}` } as SessionOutcome['session'],
        outcome: outcome(true, 'code'),
        unsaved: [],
        stored: true,
      });
    };
    const jobs: RunJob[] = [];
    const runtime: Runtime = {
      run(job) {
        jobs.push(job);
        return { result: Promise.resolve(runResult('failed', 'failed: assert add(-1, -1) == -2')) } as ReturnType<
          Runtime['run']
        >;
      },
      dispose: () => undefined,
    };
    const results: BenchResult[] = [];
    const runner = startBenchRun({
      run,
      done: new Set(),
      endpoint: { provider: 'openai', baseUrl: 'http://x', model: 'm' },
      runtimes: [runtime],
      save: () => Promise.resolve(),
      onResult: (r) => results.push(r),
      onSaveProblem: () => undefined,
      onNotice: () => undefined,
      runSession: session,
    });
    expect(await runner.finished).toBe('done');
    // Only the exercise with hidden tests ran them, once, after its loop.
    expect(jobs.map((j) => j.tests)).toEqual([{ kind: 'mbpp', setup: '', asserts: ['assert add(-1, -1) == -2'] }]);
    expect(asked.some((r) => JSON.stringify(r.task).includes('add(-1, -1)'))).toBe(false);
    expect(results.map((r) => [r.row.task_id, r.row.passed, r.row.visible_passed, r.row.hidden_passed])).toEqual([
      ['demo/add', false, true, false],
      ['demo/double', true, true, true],
    ]);
    expect(results[0]!.row.hidden_result).toBe('failed: assert add(-1, -1) == -2');
  });
});
