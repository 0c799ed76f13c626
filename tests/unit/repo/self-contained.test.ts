// A clone with nothing beside it must pass its tests: no tracked file may reach outside the
// repository for data or code.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outsideReferences } from './outside-refs.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TEXT = /\.(ts|js|mjs|cjs|py|json|sh|html|css|md|yml|yaml)$|(^|\/)run$/;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && TEXT.test(f) && !f.startsWith('data/') && existsSync(resolve(ROOT, f)));
}

describe('the repository stands alone', () => {
  it('no tracked file refers to a path outside the repository', () => {
    const found: string[] = [];
    for (const file of trackedFiles()) {
      // The lock file names registry paths; this folder holds the check and its own examples.
      if (file === 'package-lock.json' || file.startsWith('tests/unit/repo/')) continue;
      const text = readFileSync(resolve(ROOT, file), 'utf8');
      for (const ref of outsideReferences(text, dirname(resolve(ROOT, file)), ROOT))
        found.push(`${file}:${ref.line}: ${ref.text}`);
    }
    expect(found).toEqual([]);
  });

  it('the check itself catches the ways a file can reach outside', () => {
    const dir = resolve(ROOT, 'tests/e2e');
    const refs = (code: string) => outsideReferences(code, dir, ROOT).map((r) => r.text);
    expect(refs(`const DATA = resolve(ROOT, '../beside/data');`)).toEqual(['../beside/data']);
    expect(refs(`DATA = os.path.join(os.path.dirname(ROOT), 'beside', 'data')`)).toEqual(['dirname(ROOT)']);
    // By name, from a repository whose parent is an ordinary folder (wherever this clone is).
    const byName = outsideReferences(`const f = '/home/u/beside/data/x.gz';`, '/home/u/repo/tests', '/home/u/repo');
    expect(byName.map((r) => r.text)).toEqual(['/home/u/beside/data/x.gz']);
    expect(refs(`import { x } from '../../src/shared/run.ts';`)).toEqual([]);
    expect(refs(`import { x } from './support/app.ts';`)).toEqual([]);
    // The build's output is inside the repository, though a clean clone has not made it yet.
    expect(refs(`const DIST = resolve(here, '../../dist');`)).toEqual([]);
    expect(refs(`const OUT = resolve(here, '../../../dist');`)).toEqual(['../../../dist']);
    expect(relative(ROOT, dir)).toBe('tests/e2e');
  });
});
