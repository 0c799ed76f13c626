// JavaScript and TypeScript exercises in a pack: `pack check` runs their solutions and `grade`
// scores students' code test by test, as for Python.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fixpoint-classroom-js-'));
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const test = (name: string, call: string, want: number, points = 1) => ({
  name,
  code: `const assert = require('assert');\nassert.strictEqual(${call}, ${want});`,
  points,
});

const PACK = {
  format: 'fixpoint-pack/1',
  id: 'js-pack',
  title: 'Two languages',
  version: '1.0.0',
  license: 'CC0-1.0',
  exercises: [
    {
      id: 'add-js',
      title: 'Add (JavaScript)',
      language: 'javascript',
      statement: 'Write `add(a, b)`.',
      starter: 'function add(a, b) {}\n',
      entryPoint: 'add',
      tests: [test('small', 'add(1, 2)', 3)],
      hiddenTests: [test('negative', 'add(-1, -1)', -2, 2)],
      solution: 'function add(a, b) {\n  return a + b;\n}\n',
    },
    {
      id: 'double-ts',
      title: 'Double (TypeScript)',
      language: 'typescript',
      statement: 'Write `double(x: number): number`.',
      starter: 'function double(x: number): number {\n  return 0;\n}\n',
      entryPoint: 'double',
      tests: [test('two', 'double(2)', 4)],
      hiddenTests: [test('zero', 'double(0)', 0)],
      solution: 'function double(x: number): number {\n  return 2 * x;\n}\n',
    },
  ],
};

describe('JavaScript and TypeScript exercises', () => {
  const packFile = write('pack.json', JSON.stringify(PACK));

  it('pack check runs their solutions and starters', async () => {
    const r = await cli(['pack', 'check', '--pack', packFile]);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('ok   exercise "add-js": the solution passes all 2 tests');
    expect(r.stdout).toContain('ok   exercise "double-ts": the solution passes all 2 tests');
  });

  it('grade scores each test on its own, a type error included', async () => {
    const subs = [
      { student: 'ada', exercise: 'add-js', code: 'function add(a, b) {\n  return a + b;\n}\n' },
      { student: 'bob', exercise: 'add-js', code: 'function add(a, b) {\n  return 3;\n}\n' },
      { student: 'ada', exercise: 'double-ts', code: 'function double(x: number): number {\n  return "2";\n}\n' },
    ];
    const subsFile = write('subs.jsonl', subs.map((s) => JSON.stringify(s)).join('\n'));
    const csv = join(dir, 'grades.csv');
    const r = await cli(['grade', '--pack', packFile, '--submissions', subsFile, '--csv', csv]);
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { student: string; exercise: string; status: string; points: number });
    expect(rows.map((x) => [x.student, x.exercise, x.status, x.points])).toEqual([
      ['ada', 'add-js', 'pass', 3],
      ['bob', 'add-js', 'fail', 1],
      ['ada', 'double-ts', 'error', 0],
    ]);
    expect(readFileSync(csv, 'utf8')).toBe('student,add-js,double-ts,total,flags\r\nada,3,0,3,\r\nbob,1,0,1,\r\n');
  });

  it('grade gives no points to submissions that forge a pass against tests written with test()', async () => {
    const nodeTest = (name: string, call: string, want: number, points = 1) => ({
      name,
      code: `const assert = require('assert');\ntest(${JSON.stringify(name)}, () => assert.strictEqual(${call}, ${want}));`,
      points,
    });
    const exercise = {
      ...PACK.exercises[0]!,
      id: 'add-node-test',
      tests: [nodeTest('small', 'add(1, 2)', 3)],
      hiddenTests: [nodeTest('negative', 'add(-1, -1)', -2, 2)],
    };
    const forgedPack = write('forged-pack.json', JSON.stringify({ ...PACK, id: 'js-forged', exercises: [exercise] }));
    const subs = [
      ['ada', 'function add(a, b) {\n  return a + b;\n}\n'],
      ['bob', 'function add() {\n  throw undefined;\n}\n'],
      ['cy', "function add(a, b) { return a - b; }\nObject.defineProperty(Array.prototype, '0', { set() {} });\n"],
    ].map(([student, code]) => ({ student, exercise: 'add-node-test', code }));
    const subsFile = write('forged-subs.jsonl', subs.map((s) => JSON.stringify(s)).join('\n'));
    const r = await cli(['grade', '--pack', forgedPack, '--submissions', subsFile]);
    expect(r.status, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { student: string; status: string; points: number });
    expect(rows.map((x) => [x.student, x.status, x.points])).toEqual([
      ['ada', 'pass', 3],
      ['bob', 'fail', 0],
      ['cy', 'fail', 0],
    ]);
  });
});
