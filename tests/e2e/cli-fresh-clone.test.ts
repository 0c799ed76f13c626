// The first command on a fresh clone: no built page and no build cache (the Python snapshot, the
// browser profile). It builds the page, then grades, and says no more than it was asked.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cli, jsonlWriter, rowsOf } from './support/cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const clone = mkdtempSync(join(tmpdir(), 'fixpoint-fresh-clone-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

/**
 * The files a clone of this working tree would have (the ones under test, committed or not), and
 * the installed packages linked one by one, so node_modules/.cache starts empty.
 */
function freshClone(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString('utf8')
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)));
  for (const f of files) cpSync(join(ROOT, f), join(clone, f));
  mkdirSync(join(clone, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules')).filter((e) => e !== '.cache'))
    symlinkSync(join(ROOT, 'node_modules', entry), join(clone, 'node_modules', entry));
}

it('builds the page and grades on the first eval, with only its rows and one line about the build', async () => {
  freshClone();
  expect(existsSync(join(clone, 'dist'))).toBe(false);
  const samples = jsonlWriter(clone)('samples.jsonl', [{ task_id: 'HumanEval/53', completion: '    return x + y\n' }]);
  const r = await cli(
    ['eval', '--problems', 'data/humaneval/HumanEval.jsonl.gz', '--samples', samples, '--workers', '1'],
    {},
    clone,
  );
  expect(r.status, r.stderr).toBe(0);
  const rows = rowsOf(r.stdout);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ task_id: 'HumanEval/53', passed: true, result: 'passed' });
  expect(rows[1]).toMatchObject({ summary: true, samples: 1, passed: 1 });
  // stderr: the build's one line, then the progress; nothing of the build tool's own reports.
  const lines = r.stderr.trim().split('\n');
  expect(lines[0]).toBe('Building the page…');
  expect(
    lines.slice(1).every((l) => /^graded \d+\/1 /.test(l)),
    r.stderr,
  ).toBe(true);
  expect(readdirSync(join(clone, 'node_modules/.cache/fixpoint')).some((f) => f.startsWith('python-snapshot-'))).toBe(
    true,
  );
}, 300_000);
