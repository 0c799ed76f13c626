// Test-gaming flags in classroom grading: rows and the CSV carry them; a pack chooses whether a
// flagged test scores (flaggedTestsScore, absent: it does), and a wrong value is refused.
import { describe, expect, it } from 'vitest';
import { gradeRow, gradesCsv } from '../../../src/classroom/grading.ts';
import { validatePack } from '../../../src/classroom/validate.ts';
import type { GamingFlag } from '../../../src/shared/gaming.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { rawPack } from '../../support/classroom-pack.ts';
import { runResult } from '../../support/outcomes.ts';

const pack = validatePack(rawPack(), 'demo.json');
const add = pack.exercises[0]!;
const flag: GamingFlag = { kind: 'hardcoded-tests', detail: 'add() answers the test input 40 with 42', line: 2 };
const passed = (flags: GamingFlag[] = []): RunResult => ({
  ...runResult('passed', 'passed', { tests: [{ name: 'test', passed: true }] }),
  flags,
});
const sub = { student: 'ann', exercise: add.id, code: '' };
const results = (): RunResult[] => [passed([flag]), ...add.hiddenTests.map(() => passed()), passed()].slice(0, 2);

describe('flags in grading', () => {
  it('a flagged test scores by default, and the row carries its flags', () => {
    const row = gradeRow(sub, add, results());
    expect(row.tests[0]).toMatchObject({ status: 'pass', flags: [flag] });
    expect(row.points).toBe(row.max_points);
    expect(row.flags).toEqual([flag]);
  });

  it('does not score when the pack says flaggedTestsScore: false, and says why', () => {
    const row = gradeRow(sub, add, results(), false);
    expect(row.tests[0]).toMatchObject({ status: 'fail', points: 0, flags: [flag] });
    expect(row.tests[0]!.message).toBe(`passed, but flagged for test gaming: hardcoded-tests (line 2): ${flag.detail}`);
    expect(row.status).toBe('fail');
    expect(row.tests[1]).toMatchObject({ status: 'pass', flags: [] });
  });

  it('the CSV names each exercise a student was flagged on', () => {
    const csv = gradesCsv(pack, [
      gradeRow(sub, add, results()),
      gradeRow({ ...sub, student: 'bob' }, add, [passed(), passed()]),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]!.endsWith(',total,flags')).toBe(true);
    expect(lines[1]!.endsWith(`,${add.id}: hardcoded-tests`)).toBe(true);
    expect(lines[2]!.endsWith(',')).toBe(true);
  });

  it('reads flaggedTestsScore from the pack, and refuses anything but true or false', () => {
    expect(validatePack({ ...rawPack(), flaggedTestsScore: false }, 'p.json').flaggedTestsScore).toBe(false);
    expect(validatePack(rawPack(), 'p.json').flaggedTestsScore).toBeUndefined();
    expect(() => validatePack({ ...rawPack(), flaggedTestsScore: 'no' }, 'packs/p.json')).toThrow(
      /packs\/p\.json.*field "flaggedTestsScore" must be true or false/s,
    );
  });
});
