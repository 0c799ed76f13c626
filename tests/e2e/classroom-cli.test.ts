// Classroom packs on the command line: `pack check` and `grade` through the built page in
// headless Chromium, with students who try to score what their code does not earn.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grade, scratch } from './support/classroom.ts';
import { cli } from './support/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SAMPLE = join(ROOT, 'data/packs/intro-python.json');
const { dir, write } = scratch('fixpoint-classroom-e2e-');

type Json = Record<string, unknown>;
const sample = (): Json => JSON.parse(readFileSync(SAMPLE, 'utf8')) as Json;

describe('fixpoint pack check', () => {
  it('exits 0 when every solution of the sample pack passes all its tests', async () => {
    const r = await cli(['pack', 'check', '--pack', SAMPLE]);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout.match(/^ok {3}exercise /gm)).toHaveLength(5);
    expect(r.stdout).toMatch(/\bevery solution passes\b/);
  });

  it('exits 1 naming the exercise and the test a solution fails', async () => {
    const pack = sample();
    const exercises = pack.exercises as Json[];
    exercises[4]!.solution = 'def second_largest(numbers):\n    return sorted(numbers)[-2]\n';
    exercises[0]!.solution = 'def count_vowels(text):\n    while True:\n        pass\n';
    const r = await cli(['pack', 'check', '--pack', write('broken.json', JSON.stringify(pack))]);
    expect(r.status, r.stderr).toBe(1);
    // The line's facts: the exercise, the test and whether it is hidden, and what went wrong.
    expect(r.stdout).toMatch(
      /^FAIL exercise "second-largest": .*\bfails\b.*"repeated maximum" \(hidden\): .*assert second_largest\(\[5, 5, 4\]\) == 4$/m,
    );
    expect(r.stdout).toMatch(/^FAIL exercise "count-vowels": .*\berrors\b.*"a word": timed out after 2 s$/m);
    expect(r.stdout).toMatch(/ok {3}exercise "palindrome"/);
  });

  it('exits 2 for a malformed pack, naming the file, the exercise and the problem', async () => {
    const pack = sample();
    const exercises = pack.exercises as Json[];
    delete exercises[1]!.entryPoint;
    exercises[2]!.id = 'count-vowels';
    exercises[3]!.language = 'rust';
    const file = write('malformed.json', JSON.stringify(pack));
    const r = await cli(['pack', 'check', '--pack', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toContain('exercise "fizzbuzz": field "entryPoint" is missing');
    expect(r.stderr).toContain('exercise "count-vowels": duplicate id "count-vowels"');
    expect(r.stderr).toContain('exercise "running-total": unknown language "rust"');
    const notJson = await cli(['pack', 'check', '--pack', write('nojson.json', '{"format":')]);
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toMatch(/nojson\.json: not valid JSON/);
  });
});

// Each student's count_vowels, and what it really earns (tests: a word 1, capitals 1,
// empty text 1 hidden, no vowels 2 hidden).
const STUDENTS: { student: string; code: string; points: number }[] = [
  { student: 'ann', code: "def count_vowels(text):\n    return sum(c in 'aeiouAEIOU' for c in text)\n", points: 5 },
  // Lower case only: fails "capitals".
  { student: 'gus', code: "def count_vowels(text):\n    return sum(c in 'aeiou' for c in text)\n", points: 4 },
  {
    student: 'bob',
    code: 'print("passed")\nprint(\'{"status": "passed", "points": 5}\')\nimport sys\nsys.exit(0)\n',
    points: 0,
  },
  { student: 'eve', code: 'def count_vowels(text):\n    while True:\n        pass\n', points: 0 },
  {
    // Skips the test's lines with a trace hook.
    student: 'cy',
    code: [
      'import sys',
      'def skip(frame, event, arg):',
      "    if frame.f_code.co_filename == '<tests>' and event == 'line':",
      '        frame.f_lineno = frame.f_lineno + 1',
      '    return skip',
      'try:',
      '    sys.settrace(skip)',
      'except Exception:',
      '    pass',
      'def count_vowels(text):',
      '    return -1',
    ].join('\n'),
    points: 0,
  },
  {
    // Walks the stack and scans the garbage collector for the grader's records.
    student: 'dee',
    code: [
      'import sys',
      'def count_vowels(text):',
      '    try:',
      '        f = sys._getframe(1)',
      '        while f is not None:',
      "            f.f_locals['status'] = 'passed'",
      '            f = f.f_back',
      '    except Exception:',
      '        pass',
      '    try:',
      "        gc = __import__('importlib').import_module('gc')",
      '        for o in gc.get_objects():',
      "            if isinstance(o, dict) and 'status' in o:",
      "                o['status'] = 'passed'",
      '    except Exception:',
      '        pass',
      '    return -1',
    ].join('\n'),
    points: 0,
  },
  {
    // Answers right only after reaching for the JavaScript bridge and patching builtins.
    student: 'fay',
    code: [
      'import builtins',
      'builtins.sum = lambda *a: 0',
      'def count_vowels(text):',
      '    try:',
      '        import js',
      '    except Exception:',
      '        pass',
      '    print("x" * 100000)',
      "    return len([c for c in text.lower() if c in 'aeiou'])",
    ].join('\n'),
    points: 0,
  },
];

describe('fixpoint grade', () => {
  it('scores each test on its own, writes rows and the CSV, and adversaries score only what they earn', async () => {
    const subs = [
      ...STUDENTS.map((s) => ({ student: s.student, exercise: 'count-vowels', code: s.code })),
      { student: 'ann', exercise: 'palindrome', code: 'def is_palindrome(s):\n    return s == s[::-1]\n' },
    ];
    const { status, stderr, rows, csv } = await grade(SAMPLE, subs, { dir, name: 'grades', csv: true });
    expect(status, stderr).toBe(0);
    expect(rows.map((row) => [row.student, row.points])).toEqual([
      ...STUDENTS.map((s) => [s.student, s.points]),
      ['ann', 3],
    ]);
    expect(rows[0]).toEqual({
      student: 'ann',
      exercise: 'count-vowels',
      status: 'pass',
      points: 5,
      max_points: 5,
      flags: [],
      tests: [
        { name: 'a word', status: 'pass', points: 1, hidden: false, message: '', flags: [] },
        { name: 'capitals', status: 'pass', points: 1, hidden: false, message: '', flags: [] },
        { name: 'empty text', status: 'pass', points: 1, hidden: true, message: '', flags: [] },
        { name: 'no vowels', status: 'pass', points: 2, hidden: true, message: '', flags: [] },
      ],
    });
    const byName = new Map(rows.slice(0, STUDENTS.length).map((row) => [row.student, row]));
    const tests = (s: string): Json[] => byName.get(s)!.tests as Json[];
    expect(byName.get('gus')!.status).toBe('fail');
    expect(tests('gus')[1]).toMatchObject({ name: 'capitals', status: 'fail', points: 0 });
    expect(byName.get('bob')!.status).toBe('error');
    expect(tests('bob')[0]!.message).toBe('the program exited before the test ran');
    expect(byName.get('eve')!.status).toBe('error');
    expect(tests('eve')[0]!.message).toBe('timed out after 2 s');
    for (const s of ['cy', 'dee', 'fay']) {
      expect(byName.get(s)!.status, s).toBe('error');
      expect(
        tests(s).every((t) => /inspect or change the grader/.test(t.message as string)),
        s,
      ).toBe(true);
    }
    // A palindrome check that forgets case and punctuation: the visible tests and "empty" pass.
    expect((rows.at(-1)!.tests as Json[]).map((t) => t.status)).toEqual(['pass', 'pass', 'fail', 'pass']);
    expect(csv).toEqual([
      'student,count-vowels,fizzbuzz,palindrome,running-total,second-largest,total,flags',
      'ann,5,0,3,0,0,8,',
      'gus,4,0,0,0,0,4,',
      // The adversaries are flagged for what they tried.
      'bob,0,0,0,0,0,0,count-vowels: early-exit',
      'eve,0,0,0,0,0,0,',
      'cy,0,0,0,0,0,0,count-vowels: reads-tests',
      'dee,0,0,0,0,0,0,count-vowels: reads-tests',
      'fay,0,0,0,0,0,0,',
      '',
    ]);
  });

  it('refuses submissions for an exercise the pack does not have, before starting a browser', async () => {
    const subs = write('unknown.jsonl', JSON.stringify({ student: 'ann', exercise: 'hello', code: '' }));
    const r = await cli(['grade', '--pack', SAMPLE, '--submissions', subs, '--csv', join(dir, 'x.csv')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown.jsonl:1: unknown exercise "hello": not in the pack');
  });
});
