// Packages for an agent run's Python interpreter, on the page: before each action the modules it
// imports are looked up in pyodide-lock.json; those the lock has are fetched (from the app's own
// pyodide/ folder, then Pyodide's CDN when online), checked against their sha256, and kept, so a
// new interpreter after a restart gets the same bytes again. A module the lock does not have is
// left to Python's own ImportError.
import { version as pyodideVersion } from 'pyodide/package.json';
import type { AgentPackageFile } from '../../shared/sandbox-protocol.ts';
import { fetchVerified, packageBases } from '../packages/fetch.ts';
import { PackageError, parseLock, resolvePackages, type PackageFile, type PyodideLock } from '../packages/lock.ts';

/** Where packages come from: the lock's address and the bases its files are fetched from, in order. */
export interface PackageSource {
  lockUrl: string;
  bases: string[];
}

function appSource(): PackageSource {
  const folder = new URL('pyodide/', document.baseURI).href;
  return { lockUrl: `${folder}pyodide-lock.json`, bases: packageBases(folder, pyodideVersion) };
}

const IMPORT = /^[ \t]*(?:import[ \t]+([^\n#;]+)|from[ \t]+([A-Za-z_][\w.]*)[ \t]+import\b)/gm;

/** The top-level modules `code` imports (`import a.b, c as d`, `from a.b import x`), at any indentation. */
export function importedModules(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(IMPORT)) {
    const parts = m[2] !== undefined ? [m[2]] : (m[1] ?? '').replace(/[()\\]/g, ' ').split(',');
    for (const part of parts) {
      const top = part.trim().split(/[\s.]/)[0] ?? '';
      if (/^[A-Za-z_]\w*$/.test(top)) names.add(top);
    }
  }
  return [...names];
}

export class AgentPackages {
  private lock?: Promise<PyodideLock | undefined>;
  /** Every file fetched for this run, in the order they install (dependencies first). */
  private readonly kept = new Map<string, AgentPackageFile>();

  constructor(private readonly source: PackageSource = appSource()) {}

  /**
   * The files to install before `code` runs into an interpreter that has `installed`: those kept
   * that it lacks (after a restart), then the ones the code's imports newly need, fetched and
   * checked. Rejects with a PackageError naming the package when one cannot be had.
   */
  async forAction(code: string, installed: ReadonlySet<string>): Promise<AgentPackageFile[]> {
    const wanted = await this.resolve(importedModules(code));
    const fresh = wanted.filter((f) => !this.kept.has(f.name));
    if (fresh.length > 0)
      for (const f of await fetchVerified(this.source.bases, fresh)) this.kept.set(f.name, { ...f });
    return [...this.kept.values()].filter((f) => !installed.has(f.name));
  }

  /** Drops a package's file: the next action that imports it fetches it again. */
  forget(name: string): void {
    this.kept.delete(name);
  }

  private async resolve(modules: string[]): Promise<PackageFile[]> {
    if (modules.length === 0) return [];
    const lock = await (this.lock ??= this.readLock());
    if (!lock) return [];
    const files = new Map<string, PackageFile>();
    for (const name of modules) {
      try {
        for (const f of resolvePackages([name], lock)) files.set(f.name, f);
      } catch (err) {
        // Not in the lock: a standard module, the run's own file, or Python's ImportError to say.
        if (!(err instanceof PackageError && err.problem === 'not in lock' && err.pkg === name)) throw err;
      }
    }
    return [...files.values()];
  }

  /** The lock, or undefined when there is none to read (then only the standard library is there). */
  private async readLock(): Promise<PyodideLock | undefined> {
    let text: string;
    try {
      const res = await fetch(this.source.lockUrl);
      if (!res.ok) return undefined;
      text = await res.text();
    } catch {
      return undefined;
    }
    return parseLock(text, this.source.lockUrl);
  }
}
