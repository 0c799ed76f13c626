// What the side-by-side view says: each side's figures as the session recorded them, how the two
// compare in one sentence, and which stored sessions make up past comparisons.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../src/shared/session.ts';
import {
  comparisonLabel,
  pastComparisons,
  strategyLabel,
  summarize,
  verdict,
  type SideRun,
} from '../../../src/ui/strategies/compare-model.ts';
import { makeSession } from '../store/helpers.ts';

function ended(id: string, over: Partial<Session>, figures?: Partial<NonNullable<Session['figures']>>): Session {
  return makeSession({
    id,
    status: 'done',
    endReason: 'passed',
    figures: {
      modelCalls: 1,
      samples: 1,
      elapsedMs: 1500,
      usage: { inputTokens: 100, outputTokens: 40 },
      ...figures,
    },
    ...over,
  });
}

const repair = (session?: Session, attempts?: number): SideRun => ({
  side: 0,
  strategy: { name: 'repair' },
  session,
  attempts,
});
const best = (session?: Session, attempts?: number): SideRun => ({
  side: 1,
  strategy: { name: 'best-of-n', samples: 3 },
  session,
  attempts,
});

describe('a side of a comparison', () => {
  it('says the strategy with its parameters', () => {
    expect(strategyLabel({ name: 'repair' })).toBe('Repair');
    expect(strategyLabel({ name: 'best-of-n', samples: 3, trace: true })).toBe('Best of N, 3 samples, traced');
    expect(strategyLabel({ name: 'codet' })).toBe('CodeT, 5 samples');
    expect(strategyLabel({ name: 'reflexion', samples: 4 })).toBe('Reflexion');
  });

  it('takes the figures the session recorded, and its attempts', () => {
    const s = ended(
      'b',
      {},
      { modelCalls: 3, samples: 3, usage: { inputTokens: 300, outputTokens: 90, estimated: true } },
    );
    expect(summarize(best(s, 1))).toEqual({
      letter: 'B',
      strategy: 'Best of N, 3 samples',
      result: 'passed',
      attempts: 1,
      modelCalls: 3,
      samples: 3,
      tokensIn: 300,
      tokensOut: 90,
      estimated: true,
      elapsedMs: 1500,
      end: 'passed',
      sessionId: 'b',
    });
  });

  it('says a failed side did not pass, with how it ended', () => {
    const s = ended('a', { endReason: 'iteration-cap' }, { modelCalls: 2, samples: 2 });
    expect(summarize(repair(s, 2))).toMatchObject({
      letter: 'A',
      result: 'not passed',
      end: 'iteration cap',
      modelCalls: 2,
    });
    const stopped = ended('c', { endReason: 'stopped' });
    expect(summarize(repair(stopped, 0))).toMatchObject({ result: 'not passed', end: 'stopped' });
  });

  it('leaves out figures a session from before comparisons never recorded', () => {
    const old = ended('old', {});
    delete old.figures;
    const s = summarize(repair(old, 3));
    expect(s).toMatchObject({ result: 'passed', attempts: 3, end: 'passed' });
    expect(s.modelCalls).toBeUndefined();
    expect(s.tokensIn).toBeUndefined();
  });

  it('says a side not run yet, or running', () => {
    expect(summarize(best())).toMatchObject({ result: 'not run', end: 'not run' });
    expect(summarize(best()).sessionId).toBeUndefined();
    expect(summarize({ ...repair(ended('a', {})), running: true })).toMatchObject({ result: 'running' });
  });
});

describe('the sentence under the table', () => {
  const a = (over: Partial<Session> = {}, calls = 2) => summarize(repair(ended('a', over, { modelCalls: calls }), 2));
  const b = (over: Partial<Session> = {}, calls = 3) => summarize(best(ended('b', over, { modelCalls: calls }), 1));

  it('names the one that passed', () => {
    expect(verdict([a({ endReason: 'iteration-cap' }), b()])).toBe('Only B (Best of N, 3 samples) passed.');
    expect(verdict([a({ endReason: 'stuck' }), b({ endReason: 'iteration-cap' })])).toBe('Neither passed.');
  });

  it('when both passed, names the one with fewer model calls', () => {
    expect(verdict([a(), b()])).toBe('Both passed; A (Repair) used fewer model calls (2 against 3).');
    expect(verdict([a({}, 3), b({}, 3)])).toBe('Both passed, with 3 model calls each.');
  });

  it('says nothing while a side runs, and names a side the Stop skipped', () => {
    expect(verdict([a(), summarize({ ...best(), running: true })])).toBe('');
    expect(verdict([a({ endReason: 'stopped' }), summarize(best())])).toBe(
      'B (Best of N, 3 samples) did not run: the comparison was stopped.',
    );
  });
});

describe('past comparisons', () => {
  it('groups the stored sessions by comparison, A first, newest comparison first', () => {
    const sessions = [
      ended('x2', {
        compare: { id: 'new', side: 1 },
        createdAt: 5000,
        settings: { ...makeSession().settings, strategy: { name: 'codet', samples: 2 } },
      }),
      ended('plain', { createdAt: 4500 }),
      ended('x1', { compare: { id: 'new', side: 0 }, createdAt: 4000 }),
      ended('y1', { compare: { id: 'old', side: 0 }, createdAt: 1000, status: 'running' }),
    ];
    const past = pastComparisons(sessions);
    expect(past.map((c) => c.id)).toEqual(['new', 'old']);
    expect(past[0]!.sides.map((s) => s.session?.id)).toEqual(['x1', 'x2']);
    expect(past[0]!.createdAt).toBe(4000);
    expect(comparisonLabel(past[0]!)).toBe('has_close_elements: Repair against CodeT, 2 samples');
    // A side deleted from the history is left out; one still running says so.
    expect(past[1]!.sides).toHaveLength(1);
    expect(summarize(past[1]!.sides[0]!).result).toBe('running');
  });

  it('keeps a side that never ran, from the plan its partner carries', () => {
    const plan = [{ name: 'reflexion' as const }, { name: 'codet' as const, samples: 2 }];
    const stopped = ended('r', {
      endReason: 'stopped',
      compare: { id: 'c', side: 0, plan },
      settings: { ...makeSession().settings, strategy: plan[0] },
    });
    const [c] = pastComparisons([stopped]);
    expect(c!.sides.map((s) => [s.side, s.strategy.name, s.session?.id])).toEqual([
      [0, 'reflexion', 'r'],
      [1, 'codet', undefined],
    ]);
    expect(comparisonLabel(c!)).toBe('has_close_elements: Reflexion against CodeT, 2 samples');
    expect(verdict(c!.sides.map(summarize))).toBe('B (CodeT, 2 samples) did not run: the comparison was stopped.');
  });
});
