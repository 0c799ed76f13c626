// The in-page model's own settings, kept in this browser: context size, reply cap, memory bound.

export interface LocalPrefs {
  /** Tokens of context llama.cpp allocates (prompt and reply together). */
  contextTokens: number;
  /** Longest reply when the loop does not ask for a limit. */
  maxReplyTokens: number;
  /** The most memory the model may take, in MiB; undefined: bounded only by the device and WebAssembly. */
  memoryLimitMiB?: number;
  /** llama.cpp threads; undefined: several when the page is cross-origin isolated, else one. */
  threads?: number;
}

const KEY = 'fixpoint.localModel';
const DEFAULT_PREFS: LocalPrefs = { contextTokens: 4096, maxReplyTokens: 1024 };

const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : undefined;

export function loadPrefs(): LocalPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const out: LocalPrefs = {
      contextTokens: positive(raw.contextTokens) ?? DEFAULT_PREFS.contextTokens,
      maxReplyTokens: positive(raw.maxReplyTokens) ?? DEFAULT_PREFS.maxReplyTokens,
    };
    const mem = positive(raw.memoryLimitMiB);
    if (mem !== undefined) out.memoryLimitMiB = mem;
    const threads = positive(raw.threads);
    if (threads !== undefined) out.threads = threads;
    return out;
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export function savePrefs(p: LocalPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Private modes may refuse; the values still apply to this page.
  }
}

/** What the memory check needs from the browser and the user. */
export function memoryEnv(p: LocalPrefs): { deviceMemoryGiB?: number; userLimitBytes?: number } {
  const env: { deviceMemoryGiB?: number; userLimitBytes?: number } = {};
  const dm = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
  if (typeof dm === 'number') env.deviceMemoryGiB = dm;
  if (p.memoryLimitMiB !== undefined) env.userLimitBytes = p.memoryLimitMiB * 1024 ** 2;
  return env;
}
