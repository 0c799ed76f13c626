// Driving the classroom views: point the page at a model endpoint, open the bundled sample or a
// pack from disk as a student's link would.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { encodePackLink } from '../../../src/classroom/link.ts';
import type { Pack } from '../../../src/classroom/types.ts';
import { parsePack } from '../../../src/classroom/validate.ts';
import { cli, type CliResult } from './cli.ts';

export const LONG = 90_000;

/** The endpoint the loop page's Settings would save; the classroom reads the same setting. */
export async function useEndpoint(page: Page, baseUrl: string): Promise<void> {
  await page.evaluate((url) => {
    const config = { provider: 'openai', preset: 'custom', baseUrl: url, model: 'test-model' };
    localStorage.setItem('fixpoint.endpoint', JSON.stringify({ config, keyPlace: 'session' }));
  }, baseUrl);
}

/** Opens the sample pack from the opener and starts it, landing on the exercise with this title. */
export async function startSample(page: Page, packTitle: string, firstTitle: string): Promise<void> {
  await page.getByRole('button', { name: 'Open the sample pack' }).click();
  await page.getByRole('heading', { name: packTitle }).waitFor({ timeout: LONG });
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('#exercise-title', { hasText: firstTitle }).waitFor({ timeout: LONG });
}

/** A pack under data/packs/, read as `grade` reads it. */
export const bundledPack = (name: string): Pack =>
  parsePack(readFileSync(resolve(import.meta.dirname, '../../../data/packs', name), 'utf8'), name);

/** Opens a pack through a student's link (no solutions) and starts it, landing on this exercise. */
export async function openStudentLink(page: Page, baseUrl: string, pack: Pack, firstTitle: string): Promise<void> {
  const link = await encodePackLink(pack, { solutions: false });
  if (!link.ok) throw new Error(link.message);
  await page.goto(`${baseUrl}${link.fragment}`);
  await page.getByRole('button', { name: 'Start' }).click({ timeout: LONG });
  await page.locator('#exercise-title', { hasText: firstTitle }).waitFor({ timeout: LONG });
}

export async function waitForSelectorText(
  page: Page,
  selector: string,
  pattern: RegExp,
  timeout = LONG,
): Promise<string> {
  await page.waitForFunction(
    ([sel, source]) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ''),
    [selector, pattern.source] as const,
    { timeout, polling: 50 },
  );
  return (await page.locator(selector).textContent()) ?? '';
}

type Json = Record<string, unknown>;

/** A fresh folder for a file's packs and submissions; `write` puts a file in it and gives its path. */
export function scratch(prefix: string): { dir: string; write(name: string, text: string): string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write: (name, text) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}

export interface Graded extends CliResult {
  /** The rows `--out` wrote, one a submission. */
  rows: Json[];
  /** Each row's tests as "pass", "fail (hidden)", …. */
  statuses: string[][];
  /** The lines of the `--csv` file, when asked for. */
  csv: string[];
}

/**
 * `fixpoint grade` on a pack file and these submissions (written as JSON lines in `dir`), with
 * `--out` and, if `csv`, `--csv`; `extra` goes on the command line after them.
 */
export async function grade(
  pack: string,
  submissions: object[],
  at: { dir: string; name: string; csv?: boolean },
  extra: string[] = [],
): Promise<Graded> {
  const subs = join(at.dir, `${at.name}-subs.jsonl`);
  writeFileSync(subs, submissions.map((s) => JSON.stringify(s)).join('\n'));
  const out = join(at.dir, `${at.name}-rows.jsonl`);
  const csv = join(at.dir, `${at.name}.csv`);
  const r = await cli([
    'grade',
    '--pack',
    pack,
    '--submissions',
    subs,
    '--out',
    out,
    ...(at.csv ? ['--csv', csv] : []),
    ...extra,
  ]);
  if (r.status !== 0) return { ...r, rows: [], statuses: [], csv: [] };
  const rows = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  return {
    ...r,
    rows,
    statuses: rows.map((row) => (row.tests as Json[]).map((t) => `${t.status}${t.hidden ? ' (hidden)' : ''}`)),
    csv: at.csv ? readFileSync(csv, 'utf8').split('\r\n') : [],
  };
}

/** The message of a graded row's test. */
export const messageOf = (rows: Json[], row: number, test: number): string =>
  String((rows[row]!.tests as Json[])[test]!.message);
