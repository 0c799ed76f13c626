// A classroom pack in the Benchmark view with the pack's own split, against a local endpoint: the
// model sees only the pack's visible tests; an exercise whose code passes them but fails a hidden
// test is counted failed, one passing both is solved, and no request holds hidden-test code.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRunRows } from '../../src/shared/bench-rows.ts';
import { rawPack } from '../support/classroom-pack.ts';
import { waitForText } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';

/** The demo pack: `add` (one visible, one hidden test) and `double`, given a hidden test here too. */
function pack(): Record<string, unknown> {
  const raw = rawPack();
  const double = (raw.exercises as Record<string, unknown>[])[1]!;
  double.hiddenTests = [{ name: 'negative', code: 'assert double(-3) == -6', points: 1 }];
  return raw;
}
const HIDDEN = ['add(-1, -1)', 'double(-3)'];

const fence = (code: string): string => `Here it is.\n\n\`\`\`python\n${code}\`\`\`\n`;
// Right for add(1, 2), wrong for add(-1, -1).
const ADD = fence('def add(a, b):\n    return abs(a) + abs(b)\n');
const DOUBLE = fence('def double(x):\n    return 2 * x\n');

describe("the Benchmark view with a pack's own split", () => {
  const app = pageWithModel({
    respond(body) {
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const first = messages.find((m) => m.role === 'user')?.content ?? '';
      if (first.includes('Write `add`')) return ADD;
      if (first.includes('Write `double`')) return DOUBLE;
      return undefined;
    },
  });

  it('grades with the hidden tests after the loop and never sends them to the model', async () => {
    const { page, server } = app;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    const choice = page.getByTestId('bench-visible-tests');
    const packChoice = choice.locator('option[value="pack"]');

    // Offered only for a pack, and then chosen by default.
    await page.getByTestId('bench-dataset').selectOption('humaneval');
    expect(await packChoice.count()).toBe(0);
    await page.getByTestId('bench-dataset').selectOption('file');
    await page.getByTestId('bench-file').setInputFiles({
      name: 'demo-pack.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(pack())),
    });
    await expect.poll(() => choice.inputValue(), { timeout: 30_000 }).toBe('pack');
    expect(await packChoice.textContent()).toBe('The pack’s own visible tests; its hidden tests hidden');
    await page.getByTestId('bench-iterations').fill('2');
    await page.getByTestId('bench-sandboxes').fill('1');
    await page.getByTestId('bench-start').click();

    await waitForText(page, 'bench-progress', /^2\/2 done · 1 passed/);
    await page.waitForSelector('[data-bench-status="done"]', { state: 'attached' });
    expect(await page.getByTestId('bench-title').textContent()).toContain('visible: the pack’s own');
    const rows = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)),
    );
    // add passed its visible test, so its loop stopped at once; its hidden test failed it.
    expect(rows).toEqual([
      ['demo/add', 'failed', 'failed', '1'],
      ['demo/double', 'passed', 'passed', '1'],
    ]);
    expect(await page.getByTestId('bench-summary').innerText()).toContain('Passed after repair: 1/2 (50.0%)');

    // Each request held its exercise's visible test and none of the hidden ones.
    const bodies = server.chatRequests().map((r) => JSON.stringify(r.body));
    expect(bodies).toHaveLength(2);
    expect(bodies.some((b) => b.includes('add(1, 2) == 3'))).toBe(true);
    expect(bodies.some((b) => b.includes('double(1) == 2'))).toBe(true);
    for (const hidden of HIDDEN) expect(bodies.some((b) => b.includes(hidden))).toBe(false);

    // The exported rows carry run --out's hidden-test columns.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bench-export').click()]);
    const exported = parseRunRows(readFileSync(await download.path(), 'utf8'), 'run-out.jsonl');
    const columns = exported.map((r) => [
      r.task_id,
      r.passed,
      r.visible_passed,
      r.hidden_passed,
      r.visible_tests,
      r.hidden_tests,
    ]);
    expect(columns).toEqual([
      ['demo/add', false, true, false, 1, 1],
      ['demo/double', true, true, true, 1, 1],
    ]);
    expect(exported[0]!.hidden_result).toMatch(/^failed/);
    expect(exported[1]!.hidden_result).toBeUndefined();

    // A file that is not a pack takes the choice away again.
    await page.getByTestId('bench-file').setInputFiles({
      name: 'mbpp.jsonl',
      mimeType: 'application/json',
      buffer: Buffer.from('{"task_id": 1, "text": "t", "test_list": ["assert f(1) == 1"]}\n'),
    });
    await expect.poll(() => packChoice.count(), { timeout: 30_000 }).toBe(0);
    expect(await choice.inputValue()).toBe('all');
  }, 300_000);
});
