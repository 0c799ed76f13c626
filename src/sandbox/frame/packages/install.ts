// Installs package files the page fetched and checked (src/sandbox/packages/) into a Pyodide in
// the sandbox, which has no network: each wheel is unpacked from its bytes, into site-packages, or
// a shared library into /usr/lib where the loader finds it. No URL is fetched, so the frame's
// CSP (no network) has nothing to refuse.

/** The part of Pyodide's API this uses. */
export interface WheelTarget {
  unpackArchive(buffer: ArrayBuffer | Uint8Array, format: string, options?: { extractDir?: string }): void;
  runPython(code: string): unknown;
}

export interface Wheel {
  name: string;
  fileName: string;
  installDir: string;
  bytes: ArrayBuffer | Uint8Array;
}

export function installWheels(py: WheelTarget, wheels: Wheel[]): void {
  if (wheels.length === 0) return;
  const site = String(py.runPython('import site\nsite.getsitepackages()[0]'));
  for (const w of wheels) {
    try {
      const format = w.fileName.endsWith('.whl') ? 'wheel' : w.fileName.endsWith('.tar') ? 'tar' : 'zip';
      py.unpackArchive(w.bytes, format, { extractDir: w.installDir === 'dynlib' ? '/usr/lib' : site });
    } catch (err) {
      throw new Error(
        `package "${w.name}" (${w.fileName}) could not be installed: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
  }
  py.runPython('import importlib\nimportlib.invalidate_caches()');
}
