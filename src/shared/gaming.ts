// Test-gaming flags: a candidate that passes its tests without solving the task (docs/test-gaming.md).
// The Python harness and the JavaScript runner report them with a run; the page, the loop, the
// command line and the classroom show them.

const FLAG_KINDS = ['hardcoded-tests', 'reads-tests', 'early-exit', 'always-equal'] as const;
type FlagKind = (typeof FLAG_KINDS)[number];

export interface GamingFlag {
  kind: FlagKind;
  /** What was seen, in a sentence. */
  detail: string;
  /** The candidate's line it rests on (1-based, as written), when there is one. */
  line?: number;
}

const MAX_FLAGS = 20;

/** Flags as they arrive from a sandbox (untrusted): malformed entries are dropped, never a crash. */
export function checkFlags(v: unknown): GamingFlag[] {
  if (!Array.isArray(v)) return [];
  const out: GamingFlag[] = [];
  for (const f of v.slice(0, MAX_FLAGS)) {
    if (typeof f !== 'object' || f === null) continue;
    const r = f as Record<string, unknown>;
    const kind = FLAG_KINDS.find((k) => k === r.kind);
    if (!kind || typeof r.detail !== 'string') continue;
    const flag: GamingFlag = { kind, detail: r.detail.slice(0, 500) };
    if (typeof r.line === 'number' && Number.isInteger(r.line) && r.line > 0) flag.line = r.line;
    out.push(flag);
  }
  return out;
}

/** One line per flag, for feedback and summaries. */
export function describeFlags(flags: readonly GamingFlag[]): string[] {
  return flags.map((f) => `${f.kind}${f.line ? ` (line ${f.line})` : ''}: ${f.detail}`);
}
