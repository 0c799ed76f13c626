// Selection by behaviour: samples that act alike form a group, and the code is taken from the
// best group. best-of-n groups by outputs on shared inputs (AlphaCode's clustering); codet by the
// set of generated tests passed, scored by that set's size times the group's (CodeT's dual
// execution agreement).
import type { SuspectTest } from '../../shared/selection.ts';

/** Members (sample indexes) of each group, largest first; ties go to the group with the earliest sample. */
export function groupBy(signatures: readonly (string | undefined)[]): number[][] {
  const groups = new Map<string, number[]>();
  signatures.forEach((sig, i) => {
    if (sig === undefined) return;
    const g = groups.get(sig);
    if (g) g.push(i);
    else groups.set(sig, [i]);
  });
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

/** What a sample did on one input: its result's canonical text, `!Type` for a raise, `?` for no line. */
const returned = (out: string): boolean => out !== '?' && !out.startsWith('!');

/**
 * Behaviour signatures for best-of-n, one per sample (undefined: not grouped), from what each did
 * on each input. An input on which most samples return nothing (they raise, or never get there)
 * is one the task most likely does not allow, where correct samples may fail each in their own
 * way: it is left out of every signature, so a raise by every sample splits nothing. Where most
 * samples return, a sample that raises instead stands apart.
 */
export function behaviourSignatures(outputs: readonly (readonly string[] | undefined)[]): {
  signatures: (string | undefined)[];
  /** Inputs left out. */
  ignored: number;
  /** Per input: part of the signatures (most samples returned there). */
  counted: boolean[];
} {
  const runs = outputs.filter((o) => o !== undefined);
  const inputs = Math.max(0, ...runs.map((o) => o.length));
  const counted = Array.from({ length: inputs }, (_, i) => {
    const ok = runs.filter((o) => returned(o[i] ?? '?')).length;
    return ok * 2 > runs.length;
  });
  const signatures = outputs.map((o) =>
    o === undefined ? undefined : JSON.stringify(counted.flatMap((c, i) => (c ? [o[i] ?? '?'] : []))),
  );
  return { signatures, ignored: counted.filter((c) => !c).length, counted };
}

export interface Ranked {
  members: number[];
  /** Indexes of the generated tests every member passes. */
  passes: number[];
  score: number;
}

/**
 * CodeT's ranking: samples passing exactly the same generated tests agree; a group scores its
 * size times the number of those tests. Ties: the larger group, then the earliest sample.
 */
export function rankByAgreement(passSets: readonly (readonly number[] | undefined)[]): Ranked[] {
  const sigs = passSets.map((p) => (p === undefined ? undefined : [...p].sort((a, b) => a - b).join(',')));
  return groupBy(sigs)
    .map((members) => {
      const passes = [...(passSets[members[0]!] ?? [])].sort((a, b) => a - b);
      return { members, passes, score: members.length * passes.length };
    })
    .sort((a, b) => b.score - a.score || b.members.length - a.members.length || a.members[0]! - b.members[0]!);
}

/**
 * Generated tests that every sample of the chosen group fails. The group agrees with itself and
 * passes the visible tests, so such a test is more likely wrong than the code: it is flagged,
 * with what the group computed, and never forced onto the code.
 */
export function suspectTests(
  tests: readonly string[],
  group: Ranked,
  outputs: readonly (readonly string[] | undefined)[],
): SuspectTest[] {
  if (group.members.length === 0) return [];
  const passed = new Set(group.passes);
  return tests.flatMap((source, t) => {
    if (passed.has(t)) return [];
    const said = group.members.map((m) => outputs[m]?.[t] ?? '');
    return [{ source, outputs: [...new Set(said)] }];
  });
}
