// `fixpoint eval` on web page rows through the command line, with each verdict compared with what
// plain headless Chromium gives the same page with the network off (support/native-web.ts).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChrome } from '../../cli/browser.ts';
import { cli, jsonlWriter, rowsOf } from './support/cli.ts';
import { nativeVerdict, verdictOf } from './support/native-web.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/web');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-web-eval-'));
const jsonl = jsonlWriter(dir);
const lines = (p: string): Record<string, unknown>[] =>
  readFileSync(p, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

interface Row {
  task_id: string;
  completion: string;
  passed: boolean;
  result: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChrome();
});
afterAll(() => browser?.close());

describe('fixpoint eval on web pages', () => {
  it('gives the verdicts plain headless Chromium gives, network off', async () => {
    const problems = join(FIXTURES, 'pages.jsonl');
    const samples = join(FIXTURES, 'samples.jsonl');
    const r = await cli(['eval', '--problems', problems, '--samples', samples, '--timeout', '2']);
    expect(r.status, r.stderr).toBe(0);
    const rows = rowsOf<Row & { summary?: boolean }>(r.stdout).filter((x) => !x.summary);
    const tasks = new Map(lines(problems).map((t) => [t.task_id as string, t]));
    const given = lines(samples);
    expect(rows.map((x) => x.completion)).toEqual(given.map((s) => s.completion));
    for (const row of rows) {
      const t = tasks.get(row.task_id)!;
      const native = await nativeVerdict(browser, row.completion, t.checks as string, 2, t.viewport as never);
      expect(verdictOf(row.result), `${row.task_id}: ${row.completion}\n${row.result}`).toBe(native);
      expect(row.passed).toBe(row.result === 'passed');
    }
    expect(rows.map((x) => verdictOf(x.result))).toEqual([
      'passed',
      'failed',
      'failed',
      'timed out',
      'failed',
      'failed',
      'passed',
      'failed',
      'failed',
      'passed',
      'failed',
      'failed',
    ]);
    expect(rows[1]!.result).toBe("failed: AssertionError: Expected values to be strictly equal:\n\n'4' !== '2'\n");
    expect(rows[2]!.result).toBe('failed: ReferenceError: undefinedFunction is not defined');
  });

  it('reads a reference beside the file and fails a page that does not look like it', async () => {
    const page = (colour: string): string =>
      `<body style="margin:0;background:rgb(240,240,240)"><div style="width:120px;height:80px;background:${colour}"></div></body>`;
    const viewport = { width: 300, height: 200 };
    const shot = await browser.newPage({ viewport });
    await shot.setContent(page('rgb(0,128,0)'));
    writeFileSync(join(dir, 'mock-up.png'), await shot.screenshot());
    await shot.close();
    const problems = jsonl('ref.jsonl', [
      { task_id: 'box', prompt: 'A green box', checks: '', viewport, reference: 'mock-up.png', threshold: 0.01 },
    ]);
    const samples = jsonl('ref-samples.jsonl', [
      { task_id: 'box', completion: page('rgb(0,128,0)') },
      { task_id: 'box', completion: page('rgb(200,0,0)') },
    ]);
    const r = await cli(['eval', '--problems', problems, '--samples', samples]);
    expect(r.status, r.stderr).toBe(0);
    const [right, wrong] = rowsOf<Row>(r.stdout);
    expect(right!.result).toBe('passed');
    expect(wrong!.result).toMatch(
      /^failed: the picture differs from the reference in 16\.\d% of its pixels \(at most 1\.0% may\)$/,
    );
  });

  it('names the file and line of a malformed row', async () => {
    const samples = jsonl('one.jsonl', [{ task_id: 'a', completion: '<p>' }]);
    const bad = async (row: Record<string, unknown>): Promise<string> => {
      const problems = jsonl('bad.jsonl', [{ task_id: 'ok', prompt: 'p', checks: '' }, row]);
      const r = await cli(['eval', '--problems', problems, '--samples', samples]);
      expect(r.status).not.toBe(0);
      return r.stderr;
    };
    expect(await bad({ task_id: 'a', prompt: 'p', checks: 3 })).toContain(
      'bad.jsonl:2: field "checks" must be a string of JavaScript',
    );
    expect(await bad({ task_id: 'a', prompt: 'p', checks: '', viewport: { width: 'x' } })).toContain(
      'bad.jsonl:2: viewport width and height must be numbers from 50 to 4000',
    );
    expect(await bad({ task_id: 'a', prompt: 'p', checks: '', reference: 'missing.png' })).toMatch(
      /bad\.jsonl:2: the reference "missing\.png" could not be read/,
    );
    expect(await bad({ task_id: 'a', prompt: 'p', checks: '', threshold: 2 })).toContain(
      'bad.jsonl:2: field "threshold" must be a number from 0 to 1',
    );
  });
});
