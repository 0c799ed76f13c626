// How every Python interpreter is set up, whether it boots from scratch in the sandbox or is made
// at build time for the snapshot the app ships: both must agree, or a snapshot would carry
// another environment into the page.

/** The process environment. A fixed locale: results do not depend on the browser's language. */
export const PYTHON_ENV: Record<string, string> = { HOME: '/home/pyodide', LANG: 'C.UTF-8' };

/** Where the harness's files are written, and the line that imports it. */
export const HARNESS_DIR = '/lib/fixpoint';
// Imported without a name in `__main__`, where run code would find it.
export const IMPORT_HARNESS = `import sys\nif ${JSON.stringify(HARNESS_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(HARNESS_DIR)})\n__import__('fixpoint_harness')\ndel sys`;

/** What a new interpreter has fresh, made fresh in one booted from a snapshot (py/restore.py). */
export const REFRESH = "__import__('fixpoint_harness.restore').restore.refresh()";

/** time.sleep that the frame's interrupt wakes (py/sleep.py, src/sandbox/frame/harness-device.ts). */
export const WAIT_PATH = '/dev/fixpoint-wait';
export const INSTALL_SLEEP = `__import__('fixpoint_harness.sleep').sleep.install(${JSON.stringify(WAIT_PATH)})`;

/**
 * Run once just before a snapshot is taken: a trivial job through the harness, so what its first
 * job does once (the Python-level caches and state of the modules it uses) is done already in
 * every interpreter booted from the snapshot. Its output goes nowhere.
 */
export const WARM_UP_JOB = { code: 'pass', tests: { kind: 'none' }, limits: { timeoutSec: 3, outputCap: 65536 } };
export const WARM_UP = `import fixpoint_harness as _h\n_h.run_job(${JSON.stringify(JSON.stringify(WARM_UP_JOB))}, lambda *a: None)\ndel _h`;

/** The snapshot made at build time, gzip-compressed, next to Pyodide's files. */
export const BUILT_SNAPSHOT = 'python-snapshot.gz';

/**
 * Pyodide's large files (13 MB), which the page keeps in its own store once they have started
 * Python (src/sandbox/python-files-cache.ts): the service worker keeps no second copy of them.
 */
export const PAGE_KEPT_FILES = {
  pyodideMjs: 'pyodide.mjs',
  asmMjs: 'pyodide.asm.mjs',
  wasm: 'pyodide.asm.wasm',
  stdlib: 'python_stdlib.zip',
} as const;

/** An agent run's working directory: the user's files by name, and what the code writes. */
export const AGENT_WORKDIR = '/home/pyodide/work';
