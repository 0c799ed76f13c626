// Python packages for agent runs: the page resolves names in a lock (with dependencies), fetches
// the files from the bases the host chose, checks each sha256, and the bytes install into real
// Pyodide, which then imports the package. A package missing from the lock, a file no base has,
// and a file whose digest differs each fail with a message naming the package and the reason.
// The wheels and the lock are built here and served by a server of the test's own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';
import { sha256, wheel } from './support/wheel.ts';
import { act } from './support/agent.ts';

const tinydep = wheel('tinydep', '0.1', { 'tinydep/__init__.py': 'BASE = 40\n' });
const tinypkg = wheel(
  'tinypkg',
  '1.0',
  { 'tinypkg/__init__.py': 'from tinydep import BASE\n\ndef answer():\n    return BASE + 2\n' },
  ['tinydep'],
);
const tampered = wheel('tampered', '1.0', { 'tampered/__init__.py': 'X = 1\n' });
const broken = { fileName: 'broken-1.0-py3-none-any.whl', bytes: Buffer.from('not a zip') };
const served = new Map([
  [broken.fileName, broken.bytes],
  [tinydep.fileName, tinydep.bytes],
  [tinypkg.fileName, tinypkg.bytes],
  // Served with other bytes than the lock's digest is of.
  [tampered.fileName, Buffer.concat([tampered.bytes, Buffer.from('x')])],
]);
const entry = (name: string, w: { fileName: string; bytes: Buffer }, depends: string[] = []) => ({
  name,
  version: '1.0',
  file_name: w.fileName,
  sha256: sha256(w.bytes),
  depends,
  imports: [name],
  install_dir: 'site',
  package_type: 'package',
});
const LOCK = JSON.stringify({
  info: { version: 'test' },
  packages: {
    tinypkg: entry('tinypkg', tinypkg, ['tinydep']),
    tinydep: entry('tinydep', tinydep),
    tampered: entry('tampered', tampered),
    vanished: entry('vanished', wheel('vanished', '1.0', { 'vanished/__init__.py': '' })),
    // Bytes the lock vouches for that are no wheel: fetched and checked, then not installable.
    broken: entry('broken', broken),
  },
});
served.set('pyodide-lock.json', Buffer.from(LOCK));

describe('Python packages for agent runs', () => {
  let ctx: PageContext;
  let page: Page;
  let server: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      const bytes = served.get((req.url ?? '').replace(/^\/wheels\//, ''));
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (!bytes) return void res.writeHead(404).end('not here');
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(bytes);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wheels/`;
    ctx = await openPage({ isolated: false, path: '?headless' });
    page = ctx.page;
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise((ok) => server?.close(ok));
  });

  const fetchIn = (bases: string[], names: string[]) =>
    page.evaluate(([l, b, n]) => window.fixpoint.agentPackages.fetch(l, b, n), [LOCK, bases, names] as const);

  it('fetches a package and its dependency, checked, and real Pyodide imports it once installed', async () => {
    const missingBase = `${base.replace('/wheels/', '/elsewhere/')}`;
    const got = await fetchIn([missingBase, base], ['tinypkg']);
    expect(got).toEqual({
      ok: true,
      files: [
        { name: 'tinydep', fileName: tinydep.fileName, size: tinydep.bytes.length },
        { name: 'tinypkg', fileName: tinypkg.fileName, size: tinypkg.bytes.length },
      ],
    });
    // The first base has nothing: each file was asked there, then at the second.
    expect(hits.filter((h) => h.startsWith('/elsewhere/'))).toHaveLength(2);
    // A string, so the test runner leaves its import() alone: real Pyodide, as the app serves it.
    const answer = await page.evaluate(`(async () => {
      const { loadPyodide } = await import('/pyodide/pyodide.mjs');
      const py = await loadPyodide({ indexURL: '/pyodide/' });
      const before = String(py.runPython('import importlib.util\\nimportlib.util.find_spec("tinypkg") is None'));
      window.fixpoint.agentPackages.install(py);
      return [before, String(py.runPython('import tinypkg\\ntinypkg.answer()'))];
    })()`);
    expect(answer).toEqual(['true', '42']);
  });

  it('a package the lock does not have: says which, and that it is not in the lock', async () => {
    expect(await fetchIn([base], ['nosuchpkg'])).toEqual({
      ok: false,
      pkg: 'nosuchpkg',
      problem: 'not in lock',
      message: 'package "nosuchpkg" is not in pyodide-lock.json (Pyodide test\'s list)',
    });
  });

  it('a file no base has: says which package, where it was asked, and the status', async () => {
    const got = await fetchIn([base], ['vanished']);
    expect(got).toMatchObject({ ok: false, pkg: 'vanished', problem: 'fetch failed' });
    expect(got.ok || got.message).toBe(
      `package "vanished" could not be fetched: ${base}vanished-1.0-py3-none-any.whl: HTTP 404`,
    );
  });

  it('a file whose sha256 differs from the lock: refused, with both digests', async () => {
    const got = await fetchIn([base], ['tampered']);
    expect(got).toMatchObject({ ok: false, pkg: 'tampered', problem: 'sha mismatch' });
    expect(got.ok || got.message).toMatch(
      new RegExp(
        `^package "tampered": ${base}tampered-1\\.0-py3-none-any\\.whl does not match the sha256 in pyodide-lock\\.json \\(expected ${sha256(tampered.bytes)}, got [0-9a-f]{64}\\)$`,
      ),
    );
  });

  describe('in an agent run', () => {
    let h: number;
    beforeAll(async () => {
      h = await page.evaluate(
        (b) => window.fixpoint.agentOpen('python', [], 0, { lockUrl: `${b}pyodide-lock.json`, bases: [b] }),
        base,
      );
    }, 120_000);
    const asked = (name: string) => hits.filter((u) => u.startsWith(`/wheels/${name}-`)).length;

    it('an action that imports a package gets it, with its dependency, fetched by the page', async () => {
      const before = asked('tinypkg');
      const depBefore = asked('tinydep');
      const o = await act(page, h, 'import tinypkg\ntinypkg.answer()');
      expect(o.error).toBeUndefined();
      expect(o.value).toBe('42');
      expect([asked('tinypkg'), asked('tinydep')]).toEqual([before + 1, depBefore + 1]);
      // Indented, inside a function: found too (tinydep came with tinypkg and is not asked again).
      const dep = await act(page, h, 'def f():\n    from tinydep import BASE\n    return BASE\nf()');
      expect(dep.value).toBe('40');
      expect(asked('tinydep')).toBe(depBefore + 1);
    });

    it('a package the lock does not have: Python says so itself', async () => {
      const o = await act(page, h, 'import nosuchpkg');
      expect(o.error).toContain("ModuleNotFoundError: No module named 'nosuchpkg'");
    });

    it('a file whose sha256 differs: the action does not run, and the observation says which and why', async () => {
      const o = await act(page, h, "print('ran')\nimport tampered");
      expect(o.output).toBe('');
      expect(o.error).toMatch(
        /^The action did not run: package "tampered": .* does not match the sha256 in pyodide-lock\.json/,
      );
      // The interpreter is fine and the earlier package still there.
      expect((await act(page, h, 'tinypkg.answer()')).value).toBe('42');
    });

    it('a file that will not install: the observation names the package, and the action does not run', async () => {
      const o = await act(page, h, "print('ran')\nimport broken");
      expect(o.output).toBe('');
      expect(o.error).toMatch(
        /^The action did not run: package "broken" \(broken-1\.0-py3-none-any\.whl\) could not be installed: /,
      );
      expect((await act(page, h, 'tinypkg.answer()')).value).toBe('42');
    });

    it('after a restart the packages are there again, from the bytes the page kept', async () => {
      const before = hits.length;
      await act(page, h, 'tinypkg.mark = "old"');
      const o = await act(page, h, 'while True:\n    pass', 1000);
      expect(o.stateLost).toBe(true);
      const after = await act(page, h, 'import tinypkg, tinydep\n(tinypkg.answer(), getattr(tinypkg, "mark", None))');
      expect(after.value).toBe('(42, None)');
      expect(hits.length).toBe(before);
    }, 30_000);

    it('the code in the sandbox still cannot fetch the package files itself', async () => {
      const before = hits.length;
      const o = await act(
        page,
        h,
        [
          'import js',
          'x = js.XMLHttpRequest.new()',
          `x.open('GET', '${base}${tinypkg.fileName}', False)`,
          'x.send()',
          'x.status',
        ].join('\n'),
      );
      expect(o.value).toBeUndefined();
      expect(o.error).toMatch(/NetworkError|Failed|refused|denied/i);
      expect(hits.length).toBe(before);
    });
  });
});
