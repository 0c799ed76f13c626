// Test-gaming flags the harness sent while a run ran (the static ones before the program starts,
// and each read of frames or the harness as it happens: py/readwatch.py), kept here in the worker,
// where the program cannot reach, and added to what the run reports. A program that rewrites
// the harness's frame locals or records can take a flag out of the result it writes, not out of
// these.
const parse = JSON.parse;
const stringify = JSON.stringify;
const isArray = Array.isArray;
const MAX = 20;

type Flag = { kind?: unknown; line?: unknown };

export class HeldFlags {
  private flags: Flag[] = [];

  add(text: string): void {
    let v: unknown;
    try {
      v = parse(text);
    } catch {
      return;
    }
    if (!isArray(v)) return;
    for (const f of v as unknown[])
      if (typeof f === 'object' && f !== null && this.flags.length < MAX) this.flags[this.flags.length] = f;
  }

  /**
   * The result's JSON with the held flags first, then its own of kinds not held (as the harness's
   * own merge does), one per kind and line; unchanged when nothing is held or it does not parse.
   */
  into(json: string): string {
    if (this.flags.length === 0) return json;
    let r: unknown;
    try {
      r = parse(json);
    } catch {
      return json;
    }
    if (typeof r !== 'object' || r === null || isArray(r)) return json;
    const result = r as { flags?: unknown };
    const own = isArray(result.flags) ? (result.flags as Flag[]) : [];
    const kinds = new Set(this.flags.map((f) => f.kind));
    const seen = new Set<string>();
    const flags: Flag[] = [];
    for (const f of [...this.flags, ...own.filter((f) => typeof f === 'object' && f !== null && !kinds.has(f.kind))]) {
      const key = `${String(f.kind)}:${String(f.line ?? '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      flags.push(f);
    }
    result.flags = flags;
    return stringify(result);
  }
}
