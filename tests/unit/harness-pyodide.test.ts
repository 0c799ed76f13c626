// Runs the Python harness's own test suite (tests/harness) in Pyodide under Node: the Python
// version the browser worker runs (3.14), without a browser. The parity tests that need
// native processes skip themselves there.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs = [resolve(root, 'src/sandbox/frame/py'), resolve(root, 'tests/harness'), resolve(root, 'data')];

describe('python test harness under Pyodide', () => {
  it('passes tests/harness', async () => {
    const { loadPyodide } = await import('pyodide');
    const py = await loadPyodide();
    for (const dir of dirs.filter((d) => existsSync(d))) {
      py.FS.mkdirTree(dir);
      py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, dir);
    }
    const report = py.runPython(`
import io, json, sys, unittest
sys.dont_write_bytecode = True
sys.path.insert(0, ${JSON.stringify(dirs[1])})
stream = io.StringIO()
suite = unittest.defaultTestLoader.discover(${JSON.stringify(dirs[1])})
result = unittest.TextTestRunner(stream=stream).run(suite)
json.dumps({'ok': result.wasSuccessful(), 'ran': result.testsRun, 'log': stream.getvalue()[-4000:],
            'version': sys.version_info[:2]})
`) as string;
    const r = JSON.parse(report) as { ok: boolean; ran: number; log: string; version: number[] };
    expect(r.version).toEqual([3, 14]);
    expect(r.ok, r.log).toBe(true);
    expect(r.ran).toBeGreaterThan(40);
  }, 300_000);
});
