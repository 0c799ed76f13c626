import { describe, expect, it } from 'vitest';
import { gradeRow, gradesCsv, testJob, testVerdict, type GradedRow } from '../../../src/classroom/grading.ts';
import { assistantRequestsLeft, hintState } from '../../../src/classroom/hints.ts';
import { parseSubmissions, RESULTS_FORMAT, studentClashes } from '../../../src/classroom/results.ts';
import { validatePack } from '../../../src/classroom/validate.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { rawPack } from '../../support/classroom-pack.ts';
import { runResult } from '../../support/outcomes.ts';

const pack = validatePack(rawPack(), 'demo.json');
const add = pack.exercises[0]!;
const run = (status: RunResult['status'], message?: string): RunResult =>
  runResult(status, status === 'passed' ? 'passed' : `failed: ${message ?? status}`, {
    tests: [{ name: 'test', passed: status === 'passed', message }],
    stdout: status === 'passed' ? '' : 'passed\npassed\n',
  });

describe('hints and assistant requests', () => {
  it('unlocks hints as failures add up', () => {
    expect(hintState(add, 0)).toEqual({ unlocked: [], nextAfter: 1 });
    expect(hintState(add, 1).unlocked.map((h) => h.text)).toEqual(['Return, do not print.']);
    expect(hintState(add, 1).nextAfter).toBe(2);
    expect(hintState(add, 5)).toEqual({ unlocked: add.hints, nextAfter: undefined });
  });

  it('counts assistant requests down to zero; off has none', () => {
    expect(assistantRequestsLeft(add, 1)).toBe(2);
    expect(assistantRequestsLeft(add, 7)).toBe(0);
    expect(assistantRequestsLeft(pack.exercises[1]!, 0)).toBe(0);
  });
});

describe('grading rules', () => {
  it('builds one grade job per test, with the exercise time limit', () => {
    const job = testJob(add, add.hiddenTests[0]!, 'code');
    expect(job).toMatchObject({
      mode: 'grade',
      code: 'code',
      tests: { kind: 'user', source: 'assert add(-1, -1) == -2' },
      limits: { timeoutSec: 2 },
    });
  });

  it('takes the verdict from the run status, never from the output', () => {
    expect(testVerdict(run('passed'), 2).status).toBe('pass');
    expect(testVerdict(run('failed', 'assertion failed: x'), 2)).toEqual({
      status: 'fail',
      message: 'assertion failed: x',
    });
    expect(testVerdict(run('timed out'), 2)).toEqual({ status: 'error', message: 'timed out after 2 s' });
    expect(testVerdict(run('error', 'NameError'), 2).status).toBe('error');
    expect(testVerdict(run('crashed'), 2).status).toBe('error');
  });

  it('scores each test on its own, visible and hidden', () => {
    const row = gradeRow({ student: 'ann', exercise: 'add', code: '' }, add, [run('passed'), run('failed', 'no')]);
    expect(row).toEqual({
      student: 'ann',
      exercise: 'add',
      status: 'fail',
      points: 2,
      max_points: 5,
      flags: [],
      tests: [
        { name: 'small', status: 'pass', points: 2, hidden: false, message: '', flags: [] },
        { name: 'negative', status: 'fail', points: 0, hidden: true, message: 'no', flags: [] },
      ],
    });
    const sub = { student: 'ann', exercise: 'add', code: '' };
    expect(gradeRow(sub, add, [run('passed'), run('passed')]).status).toBe('pass');
    expect(gradeRow(sub, add, [run('error'), run('timed out')]).status).toBe('error');
  });

  it('writes the CSV: student, one column per exercise in pack order, total, flags', () => {
    const row = (student: string, exercise: string, points: number): GradedRow => ({
      student,
      exercise,
      status: 'fail',
      points,
      max_points: 5,
      flags: [],
      tests: [],
    });
    const csv = gradesCsv(pack, [
      row('bob', 'double', 1),
      row('=cmd|"/c calc"', 'add', 5),
      row('bob', 'add', 2),
      row('bob', 'add', 2.5),
      row('Smith, Ann', 'double', 0),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'student,add,double,total,flags',
      'bob,2.5,1,3.5,',
      `"'=cmd|""/c calc""",5,0,5,`,
      '"Smith, Ann",0,0,0,',
      '',
    ]);
  });
});

describe('submissions', () => {
  it('reads JSONL rows and names the line of an unknown exercise', () => {
    const text = '{"student":"ann","exercise":"add","code":"x"}\n\n{"student":"bob","exercise":"nope","code":""}\n';
    expect(() => parseSubmissions(text, 'subs.jsonl', pack)).toThrow('subs.jsonl:3: unknown exercise "nope"');
    expect(() => parseSubmissions('{"student":"ann","code":"x"}', 's.jsonl', pack)).toThrow(
      's.jsonl:1: field "exercise" is missing',
    );
  });

  it('turns a results file, or a list of them, into rows', () => {
    const results = (student: string) => ({
      format: RESULTS_FORMAT,
      student,
      pack: { id: 'demo', version: '1.0.0', hash: '01234567' },
      exportedAt: '2026-01-01T00:00:00Z',
      exercises: [{ id: 'add', code: 'def add(a, b): return a + b', runs: 2, failures: 1, aiRequests: 1 }],
    });
    expect(parseSubmissions(JSON.stringify(results('ann'), null, 2), 'ann.json', pack)).toEqual([
      { student: 'ann', exercise: 'add', code: 'def add(a, b): return a + b', from: 'ann.json' },
    ]);
    const both = parseSubmissions(JSON.stringify([results('ann'), results('bob')]), 'all.json', pack);
    expect(both.map((s) => s.student)).toEqual(['ann', 'bob']);
    const lines = `${JSON.stringify(results('cy'))}\n${JSON.stringify({ student: 'dee', exercise: 'double', code: '' })}`;
    expect(parseSubmissions(lines, 'mixed.jsonl', pack).map((s) => s.student)).toEqual(['cy', 'dee']);
  });

  it("says when rows in one student's name come from more than one results file, naming the files", () => {
    const results = (student: string, code: string) => ({
      format: RESULTS_FORMAT,
      student,
      pack: { id: 'demo', version: '1.0.0', hash: '01234567' },
      exportedAt: '2026-01-01T00:00:00Z',
      exercises: [{ id: 'add', code }],
    });
    const ann = parseSubmissions(JSON.stringify(results('ann', 'a')), 'ann.json', pack);
    const eve = parseSubmissions(JSON.stringify(results('ann', 'e')), 'eve.json', pack);
    const bob = parseSubmissions(JSON.stringify(results('bob', 'b')), 'bob.json', pack);
    expect(studentClashes([...ann, ...bob])).toEqual([]);
    const [clash, ...more] = studentClashes([...ann, ...bob, ...eve]);
    expect(more).toEqual([]);
    expect(clash).toContain('"ann"');
    expect(clash).toContain('ann.json, eve.json');
    // In one file: a list of results files, or one per line, each speaks for one student.
    const list = JSON.stringify([results('ann', 'a'), results('bob', 'b'), results('ann', 'e')]);
    expect(studentClashes(parseSubmissions(list, 'all.json', pack))).toEqual([
      expect.stringContaining('all.json (item 1), all.json (item 3)'),
    ]);
    const lines = [results('ann', 'a'), results('ann', 'e')].map((r) => JSON.stringify(r)).join('\n');
    expect(studentClashes(parseSubmissions(lines, 'all.jsonl', pack))).toEqual([
      expect.stringContaining('all.jsonl:1, all.jsonl:2'),
    ]);
    // A file of plain rows is one source, however many rows a student has in it.
    const rows = '{"student":"ann","exercise":"add","code":"a"}\n{"student":"ann","exercise":"add","code":"b"}\n';
    expect(studentClashes(parseSubmissions(rows, 'subs.jsonl', pack))).toEqual([]);
  });
});
