// Ships a memory snapshot of a booted interpreter with the app, so even a first visit restores
// Python instead of initialising it (about a fifth of the time). It is made under Node from the
// same Pyodide and harness the page uses, and kept between builds under a key of everything that
// goes into it; the page falls back to booting from scratch if it is missing or will not load.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { BUILT_SNAPSHOT } from '../src/shared/python-boot.ts';

const ROOT = resolve(import.meta.dirname, '..');
const HARNESS = join(ROOT, 'src/sandbox/frame/py');
const MAKER = join(ROOT, 'build/make-python-snapshot.ts');

/** Hash of the inputs: Pyodide's build, the harness, the boot settings and the maker itself. */
function inputsKey(): string {
  const hash = createHash('sha256');
  const files = [
    'node_modules/pyodide/package.json',
    'node_modules/pyodide/pyodide-lock.json',
    'src/shared/python-boot.ts',
    'build/make-python-snapshot.ts',
    ...readdirSync(HARNESS)
      .filter((f) => f.endsWith('.py'))
      .sort()
      .map((f) => `src/sandbox/frame/py/${f}`),
  ];
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(ROOT, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The snapshot's file, made now unless an identical one is kept from an earlier build. */
function builtSnapshotFile(): string {
  const dir = join(ROOT, 'node_modules/.cache/fixpoint');
  const file = join(dir, `python-snapshot-${inputsKey()}.gz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  // Its own process: Pyodide's Node start-up reads the process's arguments, and the build's
  // memory is not the place for a 30 MB interpreter. A fixed zone keeps builds identical.
  execFileSync(process.execPath, ['--import', 'tsx', MAKER, partial], {
    cwd: ROOT,
    env: { ...process.env, TZ: 'UTC' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  renameSync(partial, file);
  return file;
}

export function pythonSnapshot(): Plugin {
  return {
    name: 'fixpoint-python-snapshot',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: `pyodide/${BUILT_SNAPSHOT}`,
        source: readFileSync(builtSnapshotFile()),
      });
    },
  };
}
