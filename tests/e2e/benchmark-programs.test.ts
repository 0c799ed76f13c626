// The bundled contest programs (20 LiveCodeBench rows written for Fixpoint) in the Benchmark
// view, against a local endpoint: the model sees each problem's public tests only; the private
// ones decide, so a program right on the public tests and wrong on a private one fails.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForText } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const rows = readFileSync(resolve(ROOT, 'data/livecodebench/stdin-20.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Record<string, string>);
const solutions = new Map(
  readFileSync(resolve(ROOT, 'tests/fixtures/livecodebench/stdin-20-solutions.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task_id: string; completion: string })
    .map((s) => [s.task_id, s.completion]),
);
const fence = (code: string): string => `Here it is.\n\n\`\`\`python\n${code}\n\`\`\`\n`;
// Right on fx001's public tests, wrong on its private ones (which hold 10^9 + 10^9).
const CHEAP = 'a, b = map(int, input().split())\nprint(a + b if abs(a) < 1000 else 0)';

describe('the bundled contest programs in the Benchmark view', () => {
  const app = pageWithModel({
    respond(body) {
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const first = messages.find((m) => m.role === 'user')?.content ?? '';
      const row = rows.find((r) => first.includes(r.question_content!));
      if (!row) return undefined;
      return fence(row.question_id === 'fx001' ? CHEAP : solutions.get(row.question_id!)!);
    },
  });

  it('runs all 20 with the public tests shown and every test deciding', async () => {
    const { page, server } = app;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    await page.getByTestId('bench-dataset').selectOption('stdin-20');
    await page.getByTestId('bench-iterations').fill('1');
    await page.getByTestId('bench-sandboxes').fill('1');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-progress', /^20\/20 done · 19 passed/, 240_000);
    const table = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
    );
    expect(table).toHaveLength(20);
    expect(table.find((r) => r[0] === 'fx001')).toEqual(['fx001', 'failed']);
    expect(table.filter((r) => r[1] === 'passed')).toHaveLength(19);
    // No request held a private test's input.
    const bodies = server.chatRequests().map((r) => JSON.stringify(r.body));
    expect(bodies).toHaveLength(20);
    expect(bodies.some((b) => b.includes('1000000000 1000000000'))).toBe(false);
    expect(bodies.some((b) => b.includes('3 4'))).toBe(true);
  }, 300_000);
});
