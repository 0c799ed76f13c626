import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { pythonSnapshot } from './build/python-snapshot.ts';
import { slimPyodideModule } from './build/slim-pyodide.ts';
import { PAGE_KEPT_FILES } from './src/shared/python-boot.ts';

// Cross-origin isolation lets the sandbox frame share an interrupt buffer with its worker.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const PYODIDE_LOCK = 'pyodide-lock.json';
const PYODIDE_FILES = [...Object.values(PAGE_KEPT_FILES), PYODIDE_LOCK];

/**
 * Serves Pyodide's runtime files from the app itself, never from a CDN. Its module is served slimmed
 * (build/slim-pyodide.ts): it starts sooner in every interpreter.
 */
function pyodideAssets(): Plugin {
  const from = resolve('node_modules/pyodide');
  let files: Map<string, Buffer> | undefined;
  const contents = (): Map<string, Buffer> =>
    (files ??= new Map(
      PYODIDE_FILES.map((f) => {
        const bytes = readFileSync(resolve(from, f));
        return [f, f === PAGE_KEPT_FILES.asmMjs ? Buffer.from(slimPyodideModule(bytes.toString('utf8'))) : bytes];
      }),
    ));
  const copy = (to: string): void => {
    mkdirSync(to, { recursive: true });
    for (const [f, bytes] of contents()) {
      const at = resolve(to, f);
      if (!existsSync(at) || !readFileSync(at).equals(bytes)) writeFileSync(at, bytes);
    }
  };
  return {
    name: 'fixpoint-pyodide-assets',
    // The page keeps these files between visits under this digest (src/sandbox/python-files-cache.ts).
    config() {
      const hash = createHash('sha256');
      for (const bytes of contents().values()) hash.update(bytes);
      return { define: { __PYODIDE_FILES__: JSON.stringify(hash.digest('hex').slice(0, 16)) } };
    },
    buildStart() {
      copy(resolve('public/pyodide'));
    },
    configureServer() {
      copy(resolve('public/pyodide'));
    },
  };
}

/** Serves llama.cpp's WebAssembly build (for the in-page model) from the app itself. */
function wllamaAssets(): Plugin {
  const copy = (): void => {
    mkdirSync(resolve('public/wllama'), { recursive: true });
    copyFileSync(resolve('node_modules/@wllama/wllama/esm/wasm/wllama.wasm'), resolve('public/wllama/wllama.wasm'));
  };
  return {
    name: 'fixpoint-wllama-assets',
    buildStart: copy,
    configureServer: copy,
  };
}

/**
 * Emits sw.js with the list of every file the page needs offline, but for Pyodide's large files,
 * which the page keeps itself (one copy in the browser, not two).
 */
function serviceWorker(): Plugin {
  return {
    name: 'fixpoint-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = [
        './',
        // The build manifest is for tests; dot folders are not served by every static host.
        ...Object.keys(bundle)
          .filter((f) => !f.startsWith('.vite/'))
          .map((f) => `./${f}`),
        `./pyodide/${PYODIDE_LOCK}`,
        './favicon.svg',
      ];
      const version = Date.now().toString(36);
      const body = readFileSync(resolve('src/app/offline/service-worker.js'), 'utf8');
      const constants = {
        PRECACHE: files,
        VERSION: version,
        PAGE_KEPT: Object.values(PAGE_KEPT_FILES).map((f) => `./pyodide/${f}`),
      };
      const prelude = Object.entries(constants).map(([k, v]) => `const ${k} = ${JSON.stringify(v)};\n`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `${prelude.join('')}${body}` });
    },
  };
}

/**
 * SQLite's package names two workers Fixpoint never starts (OPFS storage and its Worker1 API);
 * left as they are, the build emits both and the service worker precaches them. Each is replaced
 * by an error, so neither file is bundled.
 */
function sqliteUnusedWorkers(): Plugin {
  const unused = [
    'new URL("sqlite3-opfs-async-proxy.js", import.meta.url)',
    'new Worker(new URL("sqlite3-worker1.mjs", import.meta.url), { type: "module" })',
  ];
  return {
    name: 'fixpoint-sqlite-unused-workers',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@sqlite.org/sqlite-wasm/dist/index.mjs')) return null;
      let out = code;
      for (const u of unused) {
        if (!out.includes(u)) this.error(`SQLite's package changed: "${u}" is gone; update sqliteUnusedWorkers`);
        out = out.replace(u, '(() => { throw new Error("not part of this build"); })()');
      }
      return { code: out, map: null };
    },
  };
}

// Reports no one building or hosting the page can act on: how long plugins took, and the direct
// eval inside PGlite's own bundle.
const QUIET_CHECKS = { bundlerTimings: false, eval: false };

export default defineConfig({
  base: './',
  plugins: [pyodideAssets(), wllamaAssets(), pythonSnapshot(), serviceWorker()],
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'iife', plugins: () => [sqliteUnusedWorkers()], rolldownOptions: { checks: QUIET_CHECKS } },
  // The manifest lets a test add up what the page loads before first paint.
  build: {
    target: 'es2022',
    // The TypeScript compiler's chunks (the checker worker, the JavaScript gaming checks) are 3.5
    // to 4.5 MB and load only when a run needs them.
    chunkSizeWarningLimit: 5000,
    manifest: true,
    rolldownOptions: { checks: QUIET_CHECKS },
  },
});
