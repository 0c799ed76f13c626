// A web row's `reference` may name a PNG beside the problems file: read here, where files are,
// and handed on as base64 like an inline one.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError, type Problem } from '../src/shared/problems.ts';
import { isInlinePng } from '../src/kinds/web/rows.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function readWebReferences(problems: Problem[], file: string): void {
  for (const p of problems) {
    if (p.kind !== 'web') continue;
    const ref = p.web.reference;
    if (ref === undefined || isInlinePng(ref)) continue;
    const path = resolve(dirname(file), ref);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch (err) {
      throw new InputError(
        file,
        p.line,
        `the reference ${JSON.stringify(ref)} could not be read (${(err as Error).message})`,
      );
    }
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE))
      throw new InputError(file, p.line, `the reference ${JSON.stringify(ref)} is not a PNG image`);
    p.web = { ...p.web, reference: bytes.toString('base64') };
  }
}

/**
 * Sandboxes for a batch: every sandboxed frame of the page shares one renderer process in
 * Chromium, so pages render one after another, and one that loops would hold up a page rendering
 * beside it in another sandbox (see docs/web-pages.md).
 */
export function sandboxesFor(jobs: { language: string }[], asked: number): number {
  return jobs.some((j) => j.language === 'html') ? 1 : asked;
}
