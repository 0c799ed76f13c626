// How many sandboxes grade at once when nobody says: one per core, as long as memory allows.
// The same rule serves the command line (os figures) and the page (navigator figures).

/**
 * What one sandbox is budgeted: two interpreters (the active one and its warm spare). An idle
 * interpreter booted from the snapshot measured about 50 MB (PSS, `npm run bench`); each is
 * budgeted 256 MB, for the memory the code it runs may take.
 */
const INTERPRETER_BUDGET_BYTES = 256 * 2 ** 20;
export const SANDBOX_BUDGET_BYTES = 2 * INTERPRETER_BUDGET_BYTES;
/** More sandboxes than this is never asked for (the command line's --workers cap too). */
export const MAX_SANDBOXES = 16;

export interface Machine {
  /** Logical cores (os.availableParallelism, navigator.hardwareConcurrency). */
  cores: number;
  /** Memory the sandboxes may take, in bytes; undefined when the platform does not say. */
  memoryBytes?: number;
}

/** One sandbox per core, at most as many as half the available memory holds; at least one. */
export function defaultSandboxes(m: Machine): number {
  const cores = Number.isFinite(m.cores) && m.cores >= 1 ? Math.floor(m.cores) : 1;
  const byMemory =
    m.memoryBytes !== undefined && Number.isFinite(m.memoryBytes)
      ? Math.floor(m.memoryBytes / 2 / SANDBOX_BUDGET_BYTES)
      : Infinity;
  return Math.max(1, Math.min(cores, byMemory, MAX_SANDBOXES));
}

/** The rule in words, for --help and the docs. */
export const SANDBOX_RULE =
  'one per core, at most as many as half the free memory holds at 512 MB each (two interpreters), 1 to 16';
