import { describe, expect, it } from 'vitest';
import type { Selection } from '../../../src/shared/selection.ts';
import {
  groupLines,
  inputsLine,
  sampleLines,
  selectionHeading,
  suspectText,
  testLines,
  visibleHeading,
} from '../../../src/ui/strategies/selection-text.ts';

// Four samples: the first fails a visible test, the next two behave alike, the last stands alone.
const bestOfN: Selection = {
  samples: [
    { code: 'def f(): return 1', passed: 2, total: 4, ok: false },
    { code: 'def f(): return 2', passed: 4, total: 4, ok: true, group: 0 },
    { code: 'def f(): return 2 ', passed: 4, total: 4, ok: true, group: 0 },
    { code: 'def f(): return 3', passed: 4, total: 4, ok: true, group: 1 },
    { passed: 0, total: 0, ok: false },
  ],
  groups: [2, 1],
  chosenSize: 2,
  chosen: 1,
  inputs: 24,
  why: '3 of 5 samples passed the visible tests; 2 of them behave alike on 24 inputs, in 2 groups: sample 2 is taken from the largest.',
};

describe('the samples view of a selection round', () => {
  it("says each sample's tests, outcome and group in words, and which one was chosen", () => {
    const lines = sampleLines(bestOfN);
    expect(lines.map((l) => [l.number, l.tests, l.outcome, l.group, l.chosen])).toEqual([
      [1, '2/4', 'failed 2 visible tests', 'not grouped', false],
      [2, '4/4', 'passed the visible tests', 'group 1', true],
      [3, '4/4', 'passed the visible tests', 'group 1', false],
      [4, '4/4', 'passed the visible tests', 'group 2', false],
      [5, '—', 'no code', 'not grouped', false],
    ]);
    expect(lines[0]?.code).toBe('def f(): return 1');
    expect(lines[4]?.code).toBeUndefined();
  });

  it('says a sample that stopped before any visible test ran (a TypeScript type error) failed there', () => {
    const typeError = { ...bestOfN, samples: [{ code: 'const n: string = 1;', passed: 0, total: 0, ok: false }] };
    expect(sampleLines(typeError).map((l) => [l.tests, l.outcome, l.group])).toEqual([
      ['0/0', 'failed before any visible test ran', 'not grouped'],
    ]);
  });

  it('SQL: says whether each query matched the expected rows, and names the variants it also ran on', () => {
    const sql: Selection = {
      ...bestOfN,
      samples: [
        { code: 'SELECT 2', passed: 1, total: 1, ok: true, group: 1 },
        { code: 'SELECT nme FROM t', passed: 0, total: 1, ok: false },
      ],
      groups: [1, 1],
      inputs: 2,
      databases: ["each table's first half of rows", "each table's second half of rows"],
    };
    expect(sampleLines(sql).map((l) => [l.tests, l.outcome])).toEqual([
      ['match', 'matched the expected rows'],
      ['differ', 'did not match the expected rows'],
    ]);
    expect(visibleHeading(sql)).toBe("Rows on the task's database");
    expect(visibleHeading(bestOfN)).toBe('Visible tests');
    expect(inputsLine(sql)).toBe(
      "Every query that matched the expected rows also ran on 2 variants of the task's database: each table's first half of rows; each table's second half of rows.",
    );
    expect(inputsLine({ ...sql, databases: [] })).toMatch(/^No variant of the database was used/);
  });

  it('lists the groups largest first with their members, and marks the chosen one', () => {
    expect(groupLines(bestOfN).map((g) => g.text)).toEqual([
      'Group 1: 2 samples (samples 2, 3), chosen',
      'Group 2: 1 sample (sample 4)',
    ]);
    expect(selectionHeading(bestOfN)).toBe('5 samples, 2 groups');
  });

  it('marks no group chosen when none passed and the best sample is repaired', () => {
    const none: Selection = { ...bestOfN, samples: [bestOfN.samples[0]!], groups: [], chosenSize: 0, chosen: 0 };
    expect(groupLines(none)).toEqual([]);
    expect(selectionHeading(none)).toBe('1 sample, no group passed');
    expect(sampleLines(none)[0]?.chosen).toBe(true);
  });

  it('counts the extra inputs, and says so when there were none', () => {
    expect(inputsLine(bestOfN)).toMatch(/^Every sample that passed the visible tests also ran on 24 extra inputs/);
    expect(inputsLine({ ...bestOfN, inputs: 0 })).toMatch(/^No extra inputs could be derived/);
    expect(inputsLine({ ...bestOfN, inputs: undefined })).toBeUndefined();
  });
});

describe('the generated tests of a codet round', () => {
  const codet: Selection = {
    samples: [
      { code: 'a', passed: 3, total: 3, ok: true, group: 1, passes: [0] },
      { code: 'b', passed: 3, total: 3, ok: true, group: 0, passes: [1, 2] },
      { code: 'c', passed: 3, total: 3, ok: true, group: 0, passes: [1, 2] },
    ],
    groups: [2, 1],
    chosenSize: 2,
    chosen: 1,
    tests: ['assert f(0) == 9', 'assert f(99) == 18', 'assert f(123) == 6'],
    suspect: [{ source: 'assert f(0) == 9', outputs: ['0', '0'] }],
    why: '…',
  };

  it('names the samples that pass each test and flags the suspect one with what the group computed', () => {
    expect(testLines(codet).map((t) => [t.number, t.source, t.passedByText, t.suspect])).toEqual([
      [1, 'assert f(0) == 9', 'sample 1', ['0', '0']],
      [2, 'assert f(99) == 18', 'samples 2, 3', undefined],
      [3, 'assert f(123) == 6', 'samples 2, 3', undefined],
    ]);
    expect(suspectText(['0', '0'])).toBe('Suspect: the chosen group computed 0, so this test may be wrong.');
    expect(suspectText(['', 'Error'])).toBe(
      'Suspect: the chosen group computed (nothing) and Error, so this test may be wrong.',
    );
  });

  it('says "no sample" for a test nobody passes, and gives no tests for best-of-n', () => {
    const four = ['assert f(1) == 2', 'assert f(2) == 4', 'assert f(3) == 6', 'assert f(4) == 8'];
    expect(testLines({ ...codet, tests: four, suspect: [] })[3]?.passedByText).toBe('no sample');
    expect(testLines(bestOfN)).toEqual([]);
  });
});
