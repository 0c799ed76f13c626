// Program exercises in a pack (stdin to stdout, I/O tests): `pack check` and `grade` through the
// built page, each test judged on the page by the exercise's comparison, hidden tests included.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grade, messageOf, scratch } from './support/classroom.ts';
import { cli } from './support/cli.ts';

const PACK = resolve(import.meta.dirname, '../../data/packs/intro-programs.json');
const { dir, write } = scratch('fixpoint-classroom-programs-');
type Json = Record<string, unknown>;

describe('program exercises in packs', () => {
  it('pack check passes the bundled solutions and names a wrong one', async () => {
    const ok = await cli(['pack', 'check', '--pack', PACK]);
    expect(ok.status, ok.stderr + ok.stdout).toBe(0);
    expect(ok.stdout.match(/^ok {3}exercise /gm)).toHaveLength(2);
    const pack = JSON.parse(readFileSync(PACK, 'utf8')) as Json;
    // One too many on every line.
    (pack.exercises as Json[])[0]!.solution =
      'import sys\nfor line in sys.stdin.read().split("\\n")[1:]:\n    if line: print(sum(map(int, line.split())) + 1)\n';
    const bad = await cli(['pack', 'check', '--pack', write('bad.json', JSON.stringify(pack))]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^FAIL exercise "sum-lines": .*"the example": Wrong Answer at line 0: 7 != 6$/m);
  });

  it('refuses malformed program fields, naming the file, the line and the exercise', async () => {
    const pack = JSON.parse(readFileSync(PACK, 'utf8')) as Json;
    const [first, second] = pack.exercises as Json[];
    first!.compare = 'roughly';
    (first!.tests as Json[])[0] = { name: 'no output', input: '1\n' };
    second!.tolerance = -1;
    const file = write('malformed.json', JSON.stringify(pack, null, 2));
    const r = await cli(['pack', 'check', '--pack', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(
      /line \d+, exercise "sum-lines": unknown compare "roughly" \(known: lines, exact, tokens, numbers\)/,
    );
    expect(r.stderr).toMatch(/line \d+, exercise "sum-lines", tests\[0\]: field "output" is missing/);
    expect(r.stderr).toMatch(/line \d+, exercise "mean": field "tolerance" must be a number above 0/);
    const line = Number(/line (\d+), exercise "mean"/.exec(r.stderr)![1]);
    expect(readFileSync(file, 'utf8').split('\n')[line - 1]).toContain('"id": "mean"');
  });

  it('grade scores each I/O test on its own, hidden ones too, and a printed verdict scores nothing', async () => {
    const subs = [
      {
        student: 'ann',
        exercise: 'sum-lines',
        code: 'n = int(input())\nfor _ in range(n):\n    print(sum(map(int, input().split())))',
      },
      // Right on the visible tests only: every hidden sum is negative.
      {
        student: 'gus',
        exercise: 'sum-lines',
        code: 'n = int(input())\nfor _ in range(n):\n    print(abs(sum(map(int, input().split()))))',
      },
      { student: 'bob', exercise: 'sum-lines', code: 'print("passed")\nprint(\'{"e":"end"}\')' },
      // Within the tolerance, printed with many digits; and one that rounds too far.
      {
        student: 'ann',
        exercise: 'mean',
        code: "const n = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log((n.reduce((a, b) => a + b) / n.length).toFixed(9));",
      },
      {
        student: 'gus',
        exercise: 'mean',
        code: "const n = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log((n.reduce((a, b) => a + b) / n.length).toFixed(1));",
      },
    ];
    const { status, stderr, statuses, rows, csv } = await grade(PACK, subs, { dir, name: 'grade', csv: true });
    expect(status, stderr).toBe(0);
    expect(statuses).toEqual([
      ['pass', 'pass', 'pass (hidden)'],
      ['pass', 'pass', 'fail (hidden)'],
      ['fail', 'fail', 'fail (hidden)'],
      ['pass', 'pass', 'pass (hidden)'],
      ['fail', 'pass', 'pass (hidden)'],
    ]);
    expect(messageOf(rows, 4, 0)).toBe('Wrong Answer at token 0: 2.3 != 2.3333333');
    expect(csv).toEqual(['student,sum-lines,mean,total,flags', 'ann,4,4,8,', 'gus,2,3,5,', 'bob,0,0,0,', '']);
  });
});
