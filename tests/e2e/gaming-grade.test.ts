// `fixpoint grade` with test-gaming flags, in real Pyodide: the rows and the CSV carry them, and a
// pack with flaggedTestsScore: false gives a flagged test no points.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawPack } from '../support/classroom-pack.ts';
import { cli, jsonlWriter, rowsOf } from './support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fixpoint-gaming-grade-'));
const jsonl = jsonlWriter(dir);

function pack(flaggedTestsScore?: boolean): string {
  const p = rawPack();
  const [add] = p.exercises as Record<string, unknown>[];
  add!.tests = [{ name: 'big', code: 'assert add(100, 250) == 350', points: 2 }];
  add!.hiddenTests = [{ name: 'bigger', code: 'assert add(1000, 2500) == 3500', points: 3 }];
  const file = join(dir, `pack-${String(flaggedTestsScore)}.json`);
  writeFileSync(file, JSON.stringify(flaggedTestsScore === undefined ? p : { ...p, flaggedTestsScore }));
  return file;
}

const submissions = jsonl('subs.jsonl', [
  { student: 'ann', exercise: 'add', code: 'def add(a, b):\n    return a + b\n' },
  {
    student: 'bob',
    exercise: 'add',
    code: 'def add(a, b):\n    if a == 100 and b == 250:\n        return 350\n    if a == 1000:\n        return 3500\n    return 0\n',
  },
]);

interface Row {
  student: string;
  points: number;
  flags: { kind: string; line?: number }[];
  tests: { status: string; points: number; flags: unknown[] }[];
}

describe('grade with test-gaming flags', () => {
  it('carries the flags; a flagged test scores unless the pack says it does not', async () => {
    for (const [setting, bobPoints] of [
      [undefined, 5],
      [false, 0],
    ] as const) {
      const csv = join(dir, `grades-${String(setting)}.csv`);
      const r = await cli(['grade', '--pack', pack(setting), '--submissions', submissions, '--csv', csv]);
      expect(r.status, r.stderr).toBe(0);
      const [ann, bob] = rowsOf<Row>(r.stdout);
      expect(ann).toMatchObject({ points: 5, flags: [] });
      expect(bob!.points).toBe(bobPoints);
      expect(bob!.flags.map((f) => [f.kind, f.line])).toEqual([
        ['hardcoded-tests', 2],
        ['hardcoded-tests', 4],
      ]);
      expect(bob!.tests.map((t) => t.status)).toEqual(setting === false ? ['fail', 'fail'] : ['pass', 'pass']);
      expect(readFileSync(csv, 'utf8')).toBe(
        `student,add,double,total,flags\r\nann,5,0,5,\r\nbob,${bobPoints},0,${bobPoints},add: hardcoded-tests\r\n`,
      );
    }
  });

  it("flags, by the canary, a result equal to anything that the tests' syntax cannot show", async () => {
    // Answers the tests' big inputs with an object whose __eq__ is computed: no static check sees
    // it; the canary (each assert again, its expected value changed) does.
    const code =
      'class _Any(int):\n    __eq__ = lambda self, o: o is not None\n    __hash__ = int.__hash__\n' +
      'def add(a, b):\n    return _Any(0) if a >= 100 else a + b\n';
    const subs = jsonl('canary-subs.jsonl', [{ student: 'cat', exercise: 'add', code }]);
    for (const [setting, points] of [
      [undefined, 5],
      [false, 0],
    ] as const) {
      const r = await cli(['grade', '--pack', pack(setting), '--submissions', subs]);
      expect(r.status, r.stderr).toBe(0);
      const [cat] = rowsOf<Row>(r.stdout);
      expect(cat!.points).toBe(points);
      expect(cat!.flags.map((f) => [f.kind, f.line])).toEqual([['always-equal', 2]]);
      expect(cat!.tests.map((t) => t.status)).toEqual(setting === false ? ['fail', 'fail'] : ['pass', 'pass']);
    }
  });
});
