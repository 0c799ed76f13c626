// The Benchmark view against a local endpoint that answers four HumanEval tasks right at once,
// wrong then repaired, wrong every time, and (after a reload) right: the table, the summary and
// the plots agree with those known counts, a task opens as its session, and a reload goes on
// without asking the model again for the tasks already finished.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseRunRows } from '../../src/shared/bench-rows.ts';
import { appReady, attempts, waitForText } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pageWithModel } from './support/page-with-model.ts';

interface HumanEvalRow {
  task_id: string;
  prompt: string;
  canonical_solution: string;
  entry_point: string;
}

const DATA = resolve(import.meta.dirname, '../../data/humaneval/HumanEval.jsonl.gz');
const TASKS = gunzipSync(readFileSync(DATA))
  .toString('utf8')
  .split('\n')
  .slice(0, 4)
  .map((l) => JSON.parse(l) as HumanEvalRow);

const fence = (code: string): string => `Here is the function.\n\n\`\`\`python\n${code}\n\`\`\`\n`;
const right = (t: HumanEvalRow): string => fence(t.prompt + t.canonical_solution);
const wrong = (t: HumanEvalRow): string => fence(`def ${t.entry_point}(*args):\n    return None\n`);

/** Which task a request is about, and how many replies it already had. */
function asked(body: Record<string, unknown>): { task: HumanEvalRow; earlier: number } | undefined {
  const messages = (body.messages ?? []) as { role: string; content: string }[];
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  const task = TASKS.find((t) => first.includes(`def ${t.entry_point}(`));
  return task && { task, earlier: messages.filter((m) => m.role === 'assistant').length };
}

describe('the Benchmark view', () => {
  let holdLast = true;
  /** The split test: the third task gets code that passes its docstring example and nothing else. */
  let split = false;
  /** The pause test: the first task is rate-limited once, the second is slow to answer. */
  let limited = false;
  let limitedOnce = true;
  const perTask = (): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const r of app.server.chatRequests()) {
      const a = asked(r.body as Record<string, unknown>);
      if (a) counts[a.task.entry_point] = (counts[a.task.entry_point] ?? 0) + 1;
    }
    return counts;
  };

  const app = pageWithModel({
    respond(body) {
      const a = asked(body);
      if (!a) return undefined;
      const [t0, t1, t2, t3] = TASKS;
      if (limited && a.task === t0 && limitedOnce)
        return ((limitedOnce = false), { behaviour: 'rate-limit', retryAfter: '1' });
      if (limited && a.task === t1) return { reply: right(a.task), delayMs: 3000 };
      if (limited) return right(a.task);
      if (split && a.task === t2) return fence('def truncate_number(number: float) -> float:\n    return 0.5\n');
      if (split) return right(a.task);
      if (a.task === t0) return right(a.task);
      if (a.task === t1) return a.earlier === 0 ? wrong(a.task) : right(a.task);
      if (a.task === t2) return wrong(a.task);
      // The last task's first request hangs until the page goes away (a reload mid-run).
      if (a.task === t3 && holdLast) return ((holdLast = false), { reply: right(a.task), delayMs: 60_000 });
      return right(a.task);
    },
  });

  it('runs four tasks on two sandboxes, resumes after a reload without redoing finished ones', async () => {
    const { page } = app;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    expect(await page.getByTestId('bench-endpoint').textContent()).toContain('test-model');
    await page.getByTestId('bench-dataset').selectOption('humaneval');
    await page.getByTestId('bench-subset').selectOption('first');
    await page.getByTestId('bench-count').fill('4');
    await page.getByTestId('bench-iterations').fill('2');
    await page.getByTestId('bench-sandboxes').fill('2');
    await page.getByTestId('bench-start').click();

    // Three tasks finish; the fourth is waiting on the model when the page reloads.
    await waitForText(page, 'bench-progress', /^3\/4 done/);
    await expect.poll(() => perTask().below_zero ?? 0, { timeout: 30_000 }).toBe(1);
    expect(perTask()).toEqual({ has_close_elements: 1, separate_paren_groups: 2, truncate_number: 2, below_zero: 1 });
    await page.reload();
    await appReady(page);
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    expect(await page.getByTestId('bench-runs').textContent()).toContain('interrupted');
    expect(await page.locator('[data-testid="bench-row"]').count()).toBe(3);
    await page.getByTestId('bench-resume').click();
    await waitForText(page, 'bench-progress', /^4\/4 done · 3 passed/);
    await page.waitForSelector('[data-bench-status="done"]', { state: 'attached' });

    // Only the unfinished task was asked again.
    expect(perTask()).toEqual({ has_close_elements: 1, separate_paren_groups: 2, truncate_number: 2, below_zero: 2 });
    const rows = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)),
    );
    expect(rows).toEqual([
      ['HumanEval/0', 'passed', 'passed', '1'],
      ['HumanEval/1', 'failed', 'passed', '2'],
      ['HumanEval/2', 'failed', 'failed', '2'],
      ['HumanEval/3', 'passed', 'passed', '1'],
    ]);
    const summary = await page.getByTestId('bench-summary').innerText();
    expect(summary).toContain('Passed at the first attempt: 2/4 (50.0%)');
    expect(summary).toContain('Passed after repair: 3/4 (75.0%)');
    // The pass-rate plot's text alternative: 50% at attempt 1, 75% after the repair.
    const figures = await page.locator('[data-testid="plot-pass-rate"] details td').allTextContents();
    expect(figures).toEqual(['50.0%', '75.0%']);
    expect(await page.locator('[data-testid="plot-pass-rate"] canvas').count()).toBe(1);

    await page.getByTestId('bench-filter').selectOption('repaired');
    expect(await page.locator('[data-testid="bench-row"]').count()).toBe(1);
    await page.getByTestId('bench-filter').selectOption('all');
    await expectAccessible(page, 'benchmark view with results and plots');

    // The exported rows are `run --out` rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bench-export').click()]);
    const exported = parseRunRows(readFileSync(await download.path(), 'utf8'), 'run-out.jsonl');
    expect(exported.map((r) => [r.task_id, r.passed, r.iterations])).toEqual([
      ['HumanEval/0', true, 1],
      ['HumanEval/1', true, 2],
      ['HumanEval/2', false, 2],
      ['HumanEval/3', true, 1],
    ]);

    // A row opens its session in the loop view, with its two attempts.
    await page.locator('[data-testid="bench-row"][data-key="HumanEval/1#0"] button').click();
    await expect
      .poll(() => attempts(page).then((a) => a.map((x) => x.tone)), { timeout: 30_000 })
      .toEqual(['failed', 'passed']);
  }, 300_000);

  it('splits visible and hidden tests as run --visible-tests doc does: hidden tests decide and never reach the model', async () => {
    const { page, server } = app;
    split = true;
    const before = server.chatRequests().length;
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-testid="bench-view"]:visible', { timeout: 60_000 });
    await page.getByTestId('bench-dataset').selectOption('humaneval');
    await page.getByTestId('bench-subset').selectOption('range');
    await page.getByTestId('bench-from').fill('1');
    await page.getByTestId('bench-to').fill('3');
    await page.getByTestId('bench-iterations').fill('1');
    await page.getByTestId('bench-sandboxes').fill('1');

    // The first K asserts are for MBPP: a HumanEval run refuses them and says why.
    await page.getByTestId('bench-visible-tests').selectOption('first');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-notice', /for MBPP problems/);

    await page.getByTestId('bench-visible-tests').selectOption('doc');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-progress', /^3\/3 done · 2 passed/);
    await page.waitForSelector('[data-bench-status="done"]', { state: 'attached' });
    expect(await page.getByTestId('bench-title').textContent()).toContain('visible: docstring examples');
    const rows = await page.$$eval('[data-testid="bench-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    );
    // HumanEval/2's code passes its docstring example, so the loop stopped; the hidden tests failed it.
    expect(rows).toEqual([
      ['HumanEval/0', 'passed', 'passed'],
      ['HumanEval/1', 'passed', 'passed'],
      ['HumanEval/2', 'failed', 'failed'],
    ]);
    expect(await page.getByTestId('bench-summary').innerText()).toContain('Passed after repair: 2/3 (66.7%)');

    // The hidden asserts never reached the model.
    const asked = server
      .chatRequests()
      .slice(before)
      .map((r) => JSON.stringify(r.body));
    expect(asked.length).toBe(3);
    expect(asked.some((b) => b.includes('candidate(1.33)'))).toBe(false);

    // The exported rows carry the same columns as `run --visible-tests doc --out`.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bench-export').click()]);
    const exported = parseRunRows(readFileSync(await download.path(), 'utf8'), 'run-out.jsonl');
    const last = exported.find((r) => r.task_id === 'HumanEval/2')!;
    expect([last.passed, last.visible_passed, last.hidden_passed, last.visible_tests]).toEqual([false, true, false, 1]);
    expect(last.hidden_result).toMatch(/^failed/);
  }, 300_000);

  it('exports samples.jsonl, imports a run --out file and overlays it on a run of its own', async () => {
    const { page } = app;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bench-export-samples').click(),
    ]);
    const samples = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as object);
    expect(samples.map((x) => Object.keys(x))).toEqual([
      ['task_id', 'completion'],
      ['task_id', 'completion'],
      ['task_id', 'completion'],
    ]);

    const row = (task: string, passed: boolean): string =>
      JSON.stringify({
        task_id: task,
        passed,
        iterations: 1,
        completion: '',
        result: passed ? 'passed' : 'failed: AssertionError',
        end_reason: passed ? 'passed' : 'iteration-cap',
        usage: { input_tokens: 10, output_tokens: 5 },
        attempts: [
          {
            result: passed ? 'passed' : 'failed: AssertionError',
            feedback: '',
            usage: { input_tokens: 10, output_tokens: 5 },
          },
        ],
      });
    const file = [row('HumanEval/0', true), row('HumanEval/1', false), row('HumanEval/2', true), '{"summary":true}'];
    await page.getByTestId('bench-import').setInputFiles({
      name: 'other-model.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(file.join('\n') + '\n'),
    });
    await waitForText(page, 'bench-notice', /Imported 3 rows from other-model\.jsonl/);
    expect(await page.getByTestId('bench-summary').innerText()).toContain('Passed after repair: 2/3 (66.7%)');

    const split = await page.$$eval('[data-testid="bench-compare-with"] option', (os) =>
      os.find((o) => o.textContent?.includes('docstring'))?.getAttribute('value'),
    );
    await page.getByTestId('bench-compare-with').selectOption(split!);
    await waitForText(page, 'bench-compare', /solved 1 task that .* did not; .* solved 1 that/);
    const diff = await page.$$eval('[data-testid="bench-compare"] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(diff).toEqual([
      ['HumanEval/1', '—', 'solved'],
      ['HumanEval/2', 'solved', '—'],
    ]);
    // Both runs on the same plot: a column of figures each in its text alternative.
    expect(await page.locator('[data-testid="plot-pass-rate"] details thead th').count()).toBe(3);
  }, 120_000);

  it('a rate limit slows the run instead of failing the task; pause lets the task in flight finish, resume goes on', async () => {
    const { page } = app;
    limited = true;
    split = false;
    await page.getByTestId('bench-dataset').selectOption('humaneval');
    await page.getByTestId('bench-subset').selectOption('first');
    await page.getByTestId('bench-count').fill('3');
    await page.getByTestId('bench-visible-tests').selectOption('all');
    await page.getByTestId('bench-start').click();
    await waitForText(page, 'bench-notice', /asked to slow down: waiting 1 s/);
    await waitForText(page, 'bench-progress', /^1\/3 done · 1 passed/);
    // The slow task has a row of its own that says it is running, until it is done.
    await expect
      .poll(() => page.getByTestId('bench-row-running').allTextContents())
      .toContainEqual('HumanEval/1running…');
    await page.getByTestId('bench-pause').click();
    await page.waitForSelector('[data-bench-status="paused"]', { state: 'attached', timeout: 60_000 });
    expect(await page.getByTestId('bench-progress').textContent()).toMatch(/^2\/3 done · 2 passed/);
    await page.getByTestId('bench-resume').click();
    await page.waitForSelector('[data-bench-status="done"]', { state: 'attached', timeout: 60_000 });
    expect(await page.getByTestId('bench-progress').textContent()).toMatch(/^3\/3 done · 3 passed/);
    expect(await page.getByTestId('bench-row-running').count()).toBe(0);
  }, 120_000);

  it("keeps the page's header, Settings included, above the view", async () => {
    const { page } = app;
    const settings = page.getByTestId('open-settings');
    expect(await settings.isVisible()).toBe(true);
    expect(await page.getByTestId('bench-view').isVisible()).toBe(true);
    // The view scrolls in its own box under the header, which stays in sight.
    const [header, slot] = await Promise.all([
      page.locator('.app-header').boundingBox(),
      page.getByTestId('bench-slot').boundingBox(),
    ]);
    expect(header!.y).toBeGreaterThanOrEqual(0);
    expect(header!.y + header!.height).toBeLessThanOrEqual(slot!.y + 1);
    await settings.click();
    await page.waitForSelector('dialog[open]');
    await page.keyboard.press('Escape');
  });

  it("says when a kept run's results cannot be read, instead of showing it as an empty run", async () => {
    // A second tab on the same profile whose store fails on reading results (a damaged record does this).
    const broken = await app.page.context().newPage();
    await broken.addInitScript(() => {
      const getAll = IDBIndex.prototype.getAll;
      IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
        if (this.objectStore.name === 'results') throw new DOMException('the disk could not be read', 'UnknownError');
        return getAll.apply(this, args);
      };
    });
    const url = new URL(app.page.url());
    await broken.goto(`${url.origin}${url.pathname}${url.search}#benchmark`);
    const said = broken.getByTestId('bench-load-problem');
    await said.filter({ hasText: 'could not be read' }).waitFor({ timeout: 60_000 });
    expect(await said.textContent()).toContain('the disk could not be read');
    expect(await said.textContent()).toContain('cannot be resumed or exported');
    expect(await broken.getByTestId('bench-resume').isDisabled()).toBe(true);
    expect(await broken.getByTestId('bench-export').isDisabled()).toBe(true);
    // Said once: no empty summary or progress line ("0/0 done") beside the message.
    expect(await broken.getByTestId('bench-summary').isVisible()).toBe(false);
    expect(await broken.getByTestId('bench-progress').isVisible()).toBe(false);
    await broken.close();
  });
});
