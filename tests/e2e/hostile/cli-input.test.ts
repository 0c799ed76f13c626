// Command-line input that is valid but extreme, run through the real page (the bad input that
// fails before any browser starts is in tests/unit/cli/cli-input.test.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, jsonlWriter } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'fixpoint-cli-hostile-'));
const jsonl = jsonlWriter(dir);

describe('fixpoint eval with extreme values', () => {
  it('a --timeout longer than a browser timer can count is a long limit, not none', async () => {
    // Delays past 2^31 ms wrap to zero in a browser: every run would have "timed out" at once.
    const problems = jsonl('problems.jsonl', [
      { task_id: 'T/0', prompt: 'def f():\n', test: 'def check(c):\n    assert c() == 1\n', entry_point: 'f' },
    ]);
    const samples = jsonl('samples.jsonl', [
      { task_id: 'T/0', completion: '    import time\n    time.sleep(0.3)\n    return 1\n' },
    ]);
    const r = await cli(['eval', '--problems', problems, '--samples', samples, '--timeout', '3000000']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.split('\n')[0]!)).toMatchObject({ task_id: 'T/0', passed: true, result: 'passed' });
  });
});
