// A size budget, not a timing: the JavaScript the built page loads before the task panel is usable
// (the entry chunk, the page's chunk it imports at once, and everything those import statically)
// stays within 150 KB gzip, and the editor, terminal, diff view and Python harness are not part of it.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist');
const BUDGET_BYTES = 150 * 1000;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function initialFiles(): string[] {
  const manifestFile = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error('no build manifest: run "npm run build" first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the build manifest has no index.html entry');
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit('index.html');
  // The page's own chunk, which the entry imports at once, and what it imports statically.
  if (!manifest['src/app/page.ts']) throw new Error("the build manifest has no chunk for the page's code");
  visit('src/app/page.ts');
  return [...seen].filter((f) => f.endsWith('.js'));
}

describe('first paint', () => {
  it('loads at most 150 KB gzip of JavaScript before the task panel is usable', () => {
    const files = initialFiles();
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    // What the built page itself names (entry script, module preloads) is all in the count.
    for (const src of html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)) expect(files).toContain(src[1]);
    const gzipBytes = files.reduce((n, f) => n + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length, 0);
    expect(gzipBytes, files.join(', ')).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('leaves the editor, terminal, diff view and Python harness for later', () => {
    const initial = initialFiles().map((f) => readFileSync(join(DIST, f), 'utf8'));
    const text = initial.join('\n');
    expect(text).not.toContain('xterm-helper-textarea'); // xterm
    expect(text).not.toContain('cm-activeLine'); // CodeMirror
    expect(text).not.toContain('fixpoint_harness'); // the harness's Python sources
  });
});
