// Runs the Python harness's own test suite (tests/harness) under the machine's CPython.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The harness needs sys.stdlib_module_names, new in Python 3.10.
const probe = spawnSync('python3', ['-c', 'import sys; sys.exit(sys.version_info < (3, 10))']);
const hasPython = probe.error === undefined && probe.status === 0;

describe('python test harness under native CPython', () => {
  it.skipIf(!hasPython)(
    'passes tests/harness',
    () => {
      const run = spawnSync('python3', ['-m', 'unittest', 'discover', '-s', 'tests/harness'], {
        cwd: root,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(run.error).toBeUndefined();
      // unittest reports on stderr; show it when the suite fails.
      expect(run.status, run.stderr.slice(-4000)).toBe(0);
      expect(run.stderr).toMatch(/\nOK\b/);
    },
    300_000,
  );
});
