// The cold start a build without its interpreter snapshot would have: the same built app, served
// with every file but that one, in a new profile. Python then initialises from scratch, as bare
// Pyodide does, and the page makes a snapshot of its own for later visits.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openProfilePage } from '../cli/browser.ts';
import { serveDist } from '../cli/server.ts';
import { BUILT_SNAPSHOT } from '../src/shared/python-boot.ts';
import { linkedFolder } from './linked-folder.ts';
import { firstResult, type Start } from './page-bench.ts';

const DIST = resolve(import.meta.dirname, '../dist');

function distWithoutSnapshot(): string {
  const links: Record<string, string> = {};
  for (const f of readdirSync(DIST)) if (f !== 'pyodide') links[f] = join(DIST, f);
  for (const f of readdirSync(join(DIST, 'pyodide')))
    if (f !== BUILT_SNAPSHOT) links[`pyodide/${f}`] = join(DIST, 'pyodide', f);
  return linkedFolder('nosnap', links);
}

/** Navigation to the first result, and its parts, isolated, in a new profile. */
export async function scratchStart(): Promise<Start> {
  const server = await serveDist({ root: distWithoutSnapshot(), isolated: true, port: 4177 });
  const browser = await openProfilePage(mkdtempSync(join(tmpdir(), 'fixpoint-bench-nosnap-profile-')));
  try {
    await browser.page.goto(`${server.url}?headless&python`);
    const start = await firstResult(browser.page);
    if (start.restored) throw new Error('Python did not start from scratch though no snapshot was served');
    return start;
  } finally {
    await browser.close();
    await server.close();
  }
}
