// Python packages for agent runs through the headless API (window.fixpoint.agentPackages): the
// page resolves names in a lock and fetches the files, checked; `install` puts the last fetched
// files into a Pyodide handed in, as the sandbox's worker does.
import { fetchVerified, type FetchedPackage } from '../sandbox/packages/fetch.ts';
import { PackageError, parseLock, resolvePackages } from '../sandbox/packages/lock.ts';
import { installWheels, type WheelTarget } from '../sandbox/frame/packages/install.ts';

export type FetchOutcome =
  | { ok: true; files: { name: string; fileName: string; size: number }[] }
  | { ok: false; pkg: string; problem: string; message: string };

export interface AgentPackagesHooks {
  fetch(lockText: string, bases: string[], names: string[]): Promise<FetchOutcome>;
  install(py: WheelTarget): void;
}

export function agentPackagesHooks(): AgentPackagesHooks {
  let fetched: FetchedPackage[] = [];
  return {
    async fetch(lockText, bases, names) {
      try {
        const files = resolvePackages(names, parseLock(lockText, 'pyodide-lock.json'));
        fetched = await fetchVerified(bases, files);
        return {
          ok: true,
          files: fetched.map((f) => ({ name: f.name, fileName: f.fileName, size: f.bytes.byteLength })),
        };
      } catch (err) {
        if (err instanceof PackageError) return { ok: false, pkg: err.pkg, problem: err.problem, message: err.message };
        throw err;
      }
    },
    install: (py) => installWheels(py, fetched),
  };
}
