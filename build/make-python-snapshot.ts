// Boots Pyodide under Node exactly as the sandbox's worker does (src/shared/python-boot.ts),
// imports the harness and writes the interpreter's memory snapshot (its heap's free chunks
// zeroed), gzip-compressed, to the file named by the first argument. Run by the build
// (build/python-snapshot.ts) in a process of its own.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zeroFreeHeap, type HeapModule } from '../src/shared/free-heap.ts';
import { HARNESS_DIR, IMPORT_HARNESS, PYTHON_ENV, WARM_UP } from '../src/shared/python-boot.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: make-python-snapshot.ts OUT_FILE');
// Emscripten names the program after Node's script argument; a page's interpreter has no script.
process.argv.length = 1;

const { loadPyodide } = await import('pyodide');
const py = await loadPyodide({ env: { ...PYTHON_ENV }, stdin: () => null, _makeSnapshot: true });
const harness = resolve(import.meta.dirname, '../src/sandbox/frame/py');
py.FS.mkdirTree(`${HARNESS_DIR}/fixpoint_harness`);
for (const name of readdirSync(harness).filter((f) => f.endsWith('.py')))
  py.FS.writeFile(`${HARNESS_DIR}/fixpoint_harness/${name}`, readFileSync(join(harness, name), 'utf8'));
py.runPython(IMPORT_HARNESS);
py.runPython(WARM_UP);
// Free chunks zeroed: their pages are left out of the copy a browser keeps (src/shared/free-heap.ts).
zeroFreeHeap((py as unknown as { _module: HeapModule })._module);
writeFileSync(out, gzipSync(py.makeMemorySnapshot(), { level: 6 }));
