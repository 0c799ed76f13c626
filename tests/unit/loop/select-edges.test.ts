// Grouping by behaviour on inputs selection derives: a raise by every sample splits nothing.
import { describe, expect, it } from 'vitest';
import { behaviourSignatures, groupBy } from '../../../src/loop/select/group.ts';

describe('grouping by behaviour on edge inputs', () => {
  const groups = (outputs: (string[] | undefined)[]): number[][] => groupBy(behaviourSignatures(outputs).signatures);

  it('a raise by every sample splits nothing, whatever each raises', () => {
    const out = [
      ['1', '!ZeroDivisionError'],
      ['1', '!StatisticsError'],
      ['1', '?'],
    ];
    expect(groups(out)).toEqual([[0, 1, 2]]);
    expect(behaviourSignatures(out).ignored).toBe(1);
  });

  it('one sample raising where the others return stands apart', () => {
    expect(groups([['[]'], ['!ZeroDivisionError'], ['[]'], ['[]']])).toEqual([[0, 2, 3], [1]]);
  });

  it('an input most samples reject is left out, and samples not kept stay out', () => {
    const out = [['!IndexError', '2'], ['!ValueError', '2'], ['0', '2'], undefined];
    expect(groups(out)).toEqual([[0, 1, 2]]);
    expect(behaviourSignatures(out).signatures[3]).toBeUndefined();
  });
});
