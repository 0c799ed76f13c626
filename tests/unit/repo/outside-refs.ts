// Finds the places in a file's text that point outside the repository: relative paths that climb
// above it, the repository's parent folder by name, or code that computes that parent.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, relative, resolve, sep } from 'node:path';

export interface OutsideRef {
  line: number;
  text: string;
}

const RELATIVE = /(?:^|["'`(\s=])((?:\.\.\/)+[\w.@-][^"'`\s)]*)/g;
const PARENT_CALL = /dirname\((ROOT|root|REPO|repo)\)/g;

const inside = (path: string, root: string): boolean => path === root || path.startsWith(root + sep);

// Folders the build and the install make: a clean clone has none of them before the tests run.
const MADE = new Set(['dist', 'node_modules']);
const made = (path: string, root: string): boolean => MADE.has(relative(root, path).split(sep)[0] ?? '');

export function outsideReferences(text: string, fileDir: string, root: string): OutsideRef[] {
  const parent = dirname(root);
  // A clone made in the temporary folder (mktemp -d) has that folder as its parent: paths there,
  // such as the sandbox's own /tmp files in the hostile tests, are not the repository's neighbours.
  const byName = parent !== dirname(parent) && parent !== tmpdir();
  const refs: OutsideRef[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(RELATIVE)) {
      const path = m[1] ?? '';
      // A bundler query (`?url`, `?raw`) is not part of the file's name.
      const fromFile = resolve(fileDir, path.replace(/\?[\w&=]+$/, ''));
      // A relative path is fine when it names something inside the repository from the file's
      // own folder (imports) or from the root (scripts that resolve against the root).
      if (inside(fromFile, root) && (existsSync(fromFile) || made(fromFile, root))) continue;
      if (inside(resolve(root, path), root)) continue;
      refs.push({ line: i + 1, text: path });
    }
    for (const m of line.matchAll(PARENT_CALL)) refs.push({ line: i + 1, text: m[0] });
    if (byName && line.includes(parent + '/') && !line.includes(root)) {
      const at = line.indexOf(parent + '/');
      refs.push({ line: i + 1, text: line.slice(at).split(/["'`\s]/)[0] ?? '' });
    }
  });
  return refs;
}
