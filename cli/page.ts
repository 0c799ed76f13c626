// Opens the built page in headless Chromium: the command line uses the page's own code path.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Language, RunJob, RunResult } from '../src/shared/run.ts';
import { findChrome, openProfilePage } from './browser.ts';
import { serveDist, type StaticServer } from './server.ts';
import { phase } from './timings.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const PROFILE = join(ROOT, 'node_modules/.cache/fixpoint/chromium-profile');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newestMtime(join(path, f))));
}

/** Builds the page when there is none or the sources are newer than it. */
export async function ensureBuilt(log: (s: string) => void): Promise<void> {
  const built = join(DIST, 'index.html');
  const sources = ['src', 'index.html', 'public', 'vite.config.ts'].map((p) => join(ROOT, p)).filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  log('Building the page…');
  const { build } = await import('vite');
  // The build's own report is for whoever works on the page, not for someone grading samples:
  // only an error, which stops the command, is shown.
  await build({ root: ROOT, logLevel: 'error', configFile: join(ROOT, 'vite.config.ts') });
}

export interface HeadlessPage {
  page: Page;
  isolated: boolean;
  grade(jobs: RunJob[], slots: number): Promise<RunResult[]>;
  gradeGroups(groups: RunJob[][], slots: number): Promise<RunResult[][]>;
  close(): Promise<void>;
}

export interface HeadlessOptions {
  sandboxes: number;
  isolated?: boolean;
  log: (s: string) => void;
  /** The browser profile to keep the page's caches in; default: one kept in node_modules/.cache. */
  profileDir?: string;
  /** The languages the command will run (default: all); Python boots only when it is among them. */
  languages?: readonly Language[];
}

export async function openHeadless(opts: HeadlessOptions): Promise<HeadlessPage> {
  findChrome(); // no browser: say so at once, before a build
  let server: StaticServer | undefined;
  let browser: { page: Page; close(): Promise<void> } | undefined;
  try {
    // The browser starts while the build is checked; the server serves what the build made, so
    // it opens only once the build is done (on a fresh clone there is no page before then).
    const [served, launched] = await phase('browser launch', () =>
      Promise.allSettled([
        phase('build check', () => ensureBuilt(opts.log)).then(() =>
          serveDist({ root: DIST, isolated: opts.isolated ?? true, port: opts.isolated === false ? 4176 : 4175 }),
        ),
        openProfilePage(opts.profileDir ?? PROFILE),
      ]),
    );
    if (served.status === 'fulfilled') server = served.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const r of [served, launched]) if (r.status === 'rejected') throw r.reason;
    if (!server || !browser) throw new Error('the browser or the local server did not start');
    const { page } = browser;
    const languages = opts.languages;
    // `python`: the page starts Python as it loads, while this side waits for the load event.
    const url = `${server.url}?headless${!languages || languages.includes('python') ? '&python' : ''}`;
    await phase('page load', () => page.goto(url));
    const { isolated } = await phase(
      !languages || languages.includes('python') ? 'python start' : 'sandbox start',
      () => page.evaluate(([n, l]) => window.fixpoint.start(n, l), [opts.sandboxes, languages] as const),
    );
    const b = browser;
    const s = server;
    return {
      page,
      isolated,
      grade: (jobs, slots) => page.evaluate(([j, n]) => window.fixpoint.grade(j, n), [jobs, slots] as const),
      gradeGroups: (groups, slots) =>
        page.evaluate(([g, n]) => window.fixpoint.gradeGroups(g, n), [groups, slots] as const),
      close: async () => {
        // A command that ends before the page stored its snapshot would leave the next one to
        // boot Python from scratch again.
        await Promise.race([
          page.evaluate(() => window.fixpoint.cached()).catch(() => undefined),
          new Promise((ok) => setTimeout(ok, 15_000)),
        ]);
        await b.close();
        await s.close();
      },
    };
  } catch (err) {
    await browser?.close();
    await server?.close();
    throw err;
  }
}
