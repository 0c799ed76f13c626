// Python packages for agent runs, by name, from Pyodide's pyodide-lock.json: a name (or a name
// it is imported by: `sklearn`, `PIL`) and the packages it depends on, each with the file to fetch
// and the sha256 the lock gives it. A package the lock does not have is an error that says so.

export interface LockPackage {
  name: string;
  file_name: string;
  sha256: string;
  depends: string[];
  imports?: string[];
  install_dir?: string;
  package_type?: string;
}

export interface PyodideLock {
  info?: { version?: string; python?: string };
  packages: Record<string, LockPackage>;
}

/** One file to fetch and install, with the digest it must have. */
export interface PackageFile {
  /** The package's name in the lock. */
  name: string;
  fileName: string;
  sha256: string;
  /** 'site' (site-packages) or 'dynlib' (a shared library, /usr/lib). */
  installDir: string;
}

export type PackageProblem = 'not in lock' | 'fetch failed' | 'sha mismatch' | 'bad lock';

/** Why a package cannot be had: which (`pkg`), and why (`problem`), in the message too. */
export class PackageError extends Error {
  constructor(
    readonly pkg: string,
    readonly problem: PackageProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PackageError';
  }
}

/** As the lock spells names: lower case, runs of `-`, `_` and `.` as one `-` (PEP 503). */
const normal = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[-_.]+/g, '-');

/** Reads pyodide-lock.json's text; `source` names it in errors. */
export function parseLock(text: string, source: string): PyodideLock {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new PackageError('', 'bad lock', `${source} is not JSON: ${(err as Error).message}`);
  }
  const packages = (raw as { packages?: unknown } | null)?.packages;
  if (typeof packages !== 'object' || packages === null)
    throw new PackageError('', 'bad lock', `${source} has no "packages" object`);
  for (const [key, p] of Object.entries(packages as Record<string, Partial<LockPackage>>)) {
    if (typeof p.file_name !== 'string' || typeof p.sha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(p.sha256))
      throw new PackageError(key, 'bad lock', `${source}: package "${key}" has no file_name or no sha256`);
    if (p.depends !== undefined && !Array.isArray(p.depends))
      throw new PackageError(key, 'bad lock', `${source}: package "${key}" has "depends" that is not a list`);
  }
  return raw as PyodideLock;
}

function find(lock: PyodideLock, name: string): [string, LockPackage] | undefined {
  const key = normal(name);
  for (const [k, p] of Object.entries(lock.packages))
    if (normal(k) === key || normal(p.name ?? '') === key) return [k, p];
  for (const [k, p] of Object.entries(lock.packages)) if (p.imports?.includes(name.trim())) return [k, p];
  return undefined;
}

/** The files for `names` and everything they depend on, dependencies first, each once. */
export function resolvePackages(names: string[], lock: PyodideLock): PackageFile[] {
  const out: PackageFile[] = [];
  const seen = new Set<string>();
  const visit = (name: string, neededBy?: string): void => {
    const found = find(lock, name);
    if (!found) {
      const why = neededBy ? ` (needed by "${neededBy}")` : '';
      const version = lock.info?.version ? ` (Pyodide ${lock.info.version}'s list)` : '';
      throw new PackageError(name, 'not in lock', `package "${name}"${why} is not in pyodide-lock.json${version}`);
    }
    const [key, p] = found;
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of p.depends ?? []) visit(dep, key);
    out.push({
      name: key,
      fileName: p.file_name,
      sha256: p.sha256.toLowerCase(),
      installDir: p.install_dir === 'dynlib' || p.package_type === 'shared_library' ? 'dynlib' : 'site',
    });
  };
  for (const n of names) visit(n);
  return out;
}
