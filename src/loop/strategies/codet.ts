// codet: the model writes tests beside its code. N samples at once; those passing the visible
// tests run every generated test, and are ranked by dual execution agreement (CodeT): samples
// passing the same generated tests form a group, scored by its size times the number of those
// tests. A generated test the whole chosen group fails is flagged as suspect, never forced onto
// the code. When no sample passes the visible tests, the most promising one is repaired.
import type { Selection } from '../../shared/selection.ts';
import { DEFAULT_SAMPLES } from '../../shared/strategy.ts';
import { testsDriver } from '../behaviour/driver.ts';
import { rankByAgreement, suspectTests, type Ranked } from '../behaviour/group.ts';
import type { LoopState } from '../state.ts';
import type { Strategy } from '../strategy.ts';
import { normalizeCode } from '../text.ts';
import { plural } from '../../shared/format.ts';
import { runDrivers } from './driver-runs.ts';
import { sampleRecord, visiblePass, type Sample } from './sample-round.ts';
import { noneAgree, selecting } from './select-then-repair.ts';
import { selectByBehaviour } from './best-of-n.ts';
import { kindOf } from '../../kinds/registry.ts';
import { STOPPED_STEP, isStopped, type Stopped } from '../stopped.ts';

/** Generated tests kept per round, in the order the samples wrote them. */
const MAX_TESTS = 30;

/**
 * The task's generated tests (accepted by the user, but no more trusted than the model's own),
 * then every sample's tests, each once.
 */
function poolTests(generated: readonly string[], samples: readonly Sample[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of [...generated, ...samples.flatMap((x) => x.tests)]) {
    const k = normalizeCode(t);
    if (seen.has(k) || out.length >= MAX_TESTS) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}

interface Agreement {
  ranked: Ranked[];
  /** Per sample, per test: what the call computed. */
  outputs: (string[] | undefined)[];
}

async function agreement(s: LoopState, samples: readonly Sample[], tests: string[]): Promise<Agreement | Stopped> {
  const kept = samples.map((x) => (visiblePass(x.attempt) ? x : { ...x, candidate: undefined }));
  if (tests.length === 0) {
    const passSets = kept.map((x) => (x.candidate ? [] : undefined));
    return { ranked: rankByAgreement(passSets), outputs: [] };
  }
  const runs = await runDrivers(s, kept, testsDriver(s.opts.task.language, tests), { typed: false });
  if (isStopped(runs)) return STOPPED_STEP;
  const passSets = runs.map((r) => r && tests.flatMap((_, t) => (r.lines.get(t)?.[0] === 'pass' ? [t] : [])));
  const outputs = runs.map((r) => r && tests.map((_, t) => r.lines.get(t)?.[1] ?? ''));
  return { ranked: rankByAgreement(passSets), outputs };
}

function why(drawn: number, tests: number, ranked: Ranked[], chosen: number, suspect: number): string {
  const top = ranked[0]!;
  const kept = ranked.reduce((n, g) => n + g.members.length, 0);
  const verb = top.members.length === 1 ? 'agrees' : 'agree';
  const agree = `${plural(top.members.length, 'sample')} ${verb} on ${top.passes.length} of ${plural(tests, 'generated test')}`;
  const flagged =
    suspect > 0
      ? `; ${plural(suspect, 'generated test')} that they all fail ${suspect === 1 ? 'is' : 'are'} flagged as suspect`
      : '';
  return `${kept} of ${plural(drawn, 'sample')} passed the visible tests; ${agree} (score ${top.score}): sample ${chosen + 1} is taken${flagged}.`;
}

async function select(s: LoopState, drawn: readonly Sample[]): Promise<Selection | Stopped> {
  // A contest program's tests are inputs and outputs, not code: its samples are grouped by what they print.
  if (kindOf(s.opts.task).grouping === 'outputs') return selectByBehaviour(s, drawn);
  const tests = poolTests(s.opts.task.generatedTests ?? [], drawn);
  const got = await agreement(s, drawn, tests);
  if (isStopped(got)) return STOPPED_STEP;
  const top = got.ranked[0];
  if (!top) return noneAgree(drawn, { tests, suspect: [] });
  const records = drawn.map(sampleRecord);
  got.ranked.forEach((g, gi) => g.members.forEach((m) => Object.assign(records[m]!, { group: gi, passes: g.passes })));
  const suspect = suspectTests(tests, top, got.outputs);
  return {
    samples: records,
    groups: got.ranked.map((g) => g.members.length),
    chosenSize: top.members.length,
    chosen: top.members[0]!,
    tests,
    suspect,
    why: why(drawn.length, tests.length, got.ranked, top.members[0]!, suspect.length),
  };
}

export const codet = (samples = DEFAULT_SAMPLES): Strategy => selecting(samples, select, { askTests: true });
