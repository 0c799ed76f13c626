// The strategies from the command line, end to end: the built page in headless Chromium, the
// Pyodide sandbox, and a local endpoint whose replies differ for identical requests.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAgainst } from './support/cli.ts';
import { modelServerPerBlock } from './support/model-server-block.ts';
import { expectPassedRow } from './support/strategy-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'fixpoint-strategies-e2e-'));
const problems = join(dir, 'digits.jsonl');
writeFileSync(
  problems,
  `${JSON.stringify({
    task_id: 901,
    text: 'Write a function to add the digits of a non-negative integer.',
    code: 'def sum_digits(n):\n    return sum(int(c) for c in str(n))\n',
    test_list: ['assert sum_digits(12) == 3', 'assert sum_digits(7) == 7', 'assert sum_digits(100) == 1'],
    test_setup_code: '',
  })}\n`,
);

const fence = (body: string, tests?: string): string =>
  `\`\`\`python\ndef sum_digits(n):\n${body}\n\`\`\`\n${tests ? `\nTests:\n\`\`\`python\n${tests}\n\`\`\`\n` : ''}`;
/** Passes the three visible tests, but is the digital root: wrong for 0, 99, 45… */
const DIGIT_ROOT = '    return n % 9 if n % 9 else 9';
const RIGHT = [
  '    return sum(int(c) for c in str(n))',
  '    s = 0\n    while n:\n        s += n % 10\n        n //= 10\n    return s',
  '    return sum(map(int, str(n)))',
];
const COUNTS_DIGITS = '    return len(str(n))';

describe('run --strategy', () => {
  const endpoint = modelServerPerBlock();

  const run = (...extra: string[]) => runAgainst(problems, endpoint.server.baseUrl, extra);
  const bodies = (): string[] =>
    endpoint.server.chatRequests().map((r) => JSON.stringify((r.body as { messages: unknown }).messages));

  it('best-of-n takes the largest group that behaves alike, though the first sample is wrong', async () => {
    endpoint.server.reply(fence(DIGIT_ROOT), ...RIGHT.map((b) => fence(b)), fence(COUNTS_DIGITS));
    const r = await run('--strategy', 'best-of-n', '--samples', '5', '--trace');
    expectPassedRow(
      r,
      { strategy: 'best-of-n', model_calls: 5, samples: 5, groups: [3, 1], selected_from: 3, iterations: 1 },
      '% 9',
    );
    expect(new Set(bodies()).size).toBe(1);
    expect(bodies()).toHaveLength(5);
  });

  it('codet ranks by agreement and flags the generated tests the agreeing samples all fail', async () => {
    endpoint.server.reply(
      fence(DIGIT_ROOT, 'assert sum_digits(0) == 9\nassert sum_digits(12) == 3'),
      fence(RIGHT[0]!, 'assert sum_digits(99) == 18\nassert sum_digits(45) == 10'),
      fence(RIGHT[1]!, 'assert sum_digits(123) == 6'),
    );
    const r = await run('--strategy', 'codet', '--samples', '3');
    const row = expectPassedRow(
      r,
      { strategy: 'codet', model_calls: 3, samples: 3, groups: [2, 1], selected_from: 2 },
      '% 9',
    );
    const suspect = (row.suspect_tests as { test: string; outputs: string[] }[]).sort((a, b) =>
      a.test.localeCompare(b.test),
    );
    expect(suspect).toEqual([
      { test: 'assert sum_digits(0) == 9', outputs: ['0'] },
      { test: 'assert sum_digits(45) == 10', outputs: ['9'] },
    ]);
    expect(bodies()[0]).toMatch(/second fenced ```python block with 5 tests of your own/);
  });

  it('reflexion asks what went wrong, stores the diagnosis, and the next request carries it', async () => {
    endpoint.server.reply(
      fence(COUNTS_DIGITS),
      'DIAG-1: it counts the digits instead of adding them.',
      fence(RIGHT[2]!),
    );
    const r = await run('--strategy', 'reflexion');
    const row = expectPassedRow(r, { strategy: 'reflexion', model_calls: 3, samples: 2, iterations: 2 });
    expect(row).not.toHaveProperty('groups');
    expect(row.attempts.map((a) => a.reflection)).toEqual([
      undefined,
      'DIAG-1: it counts the digits instead of adding them.',
    ]);
    const [, diagnosis, second] = bodies();
    expect(diagnosis).toContain('Do not write code now.');
    expect(second).toContain(
      'Your notes on earlier failures:\\n- DIAG-1: it counts the digits instead of adding them.',
    );
  });
});
