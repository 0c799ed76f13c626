// Selection inputs for call-based (LeetCode) contest programs: each line one JSON argument, read
// as values and derived at their edges and by mutation, within what the statement allows.
import { describe, expect, it } from 'vitest';
import { callInputs } from '../../../src/loop/behaviour/call-inputs.ts';

const STARTER = 'class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        ';

describe('inputs for call-based programs', () => {
  it('derives empty, single, duplicated and reordered lists and counts at the edges, one JSON value per line', () => {
    const got = callInputs(['[2, 7, 11, 15]\n9', '[3, 2, 4]\n6'], STARTER, 'twoSum');
    expect(got.length).toBeGreaterThan(20);
    expect(got).toEqual(
      expect.arrayContaining(['[]\n9', '[2]\n9', '[2, 2]\n9', '[15, 11, 7, 2]\n9', '[2, 7, 11, 15]\n0']),
    );
    for (const input of got) {
      const lines = input.split('\n');
      expect(lines).toHaveLength(2);
      expect(Array.isArray(JSON.parse(lines[0]!))).toBe(true);
      expect(Number.isInteger(JSON.parse(lines[1]!))).toBe(true);
    }
    expect(got).not.toContain('[2, 7, 11, 15]\n9'); // the public inputs are not repeated
  });

  it('keeps to what the statement allows: no empty list for a non-empty one, no negatives unless given', () => {
    const words = `Given a non-empty array nums of integers, return the largest.\n${STARTER}`;
    const got = callInputs(['[1, 9, 4]'], words, 'largest');
    expect(got).not.toContain('[]');
    expect(got.every((i) => (JSON.parse(i) as number[]).every((v) => v >= 0))).toBe(true);
  });

  it('writes floats, strings and booleans back as JSON the judge reads', () => {
    const got = callInputs(['"abc"\n2.5\ntrue'], 'def f(self, s, x, flag)', 'f');
    expect(got.length).toBeGreaterThan(3);
    for (const input of got)
      for (const line of input.split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(got).toEqual(expect.arrayContaining(['""\n2.5\ntrue', '"abc"\n2.5\nfalse']));
  });

  it('derives nothing from inputs that are not plain values', () => {
    expect(callInputs(['not json at all'], '', 'f')).toEqual([]);
  });
});
