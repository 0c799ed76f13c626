// A throwaway folder for a bench's local server, its files linked to where they already are.
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** links: path inside the new folder -> the file or folder it stands for. */
export function linkedFolder(name: string, links: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), `fixpoint-bench-${name}-`));
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return root;
}
