// Inputs best-of-n runs contest programs on, as AlphaCode clusters by behaviour: the public test
// inputs, then mutants of them made token by token, keeping their shape. The first line (where
// sizes and counts usually are) and every word stay as they are; an integer elsewhere becomes
// another of the same sign, no larger in size than it or 9. An index pushed past its range makes
// most samples fail alike there, and such inputs are left out of the grouping (group.ts).
import { seeded } from '../../shared/seeded.ts';

/** Inputs per round: each is a run of every kept sample (for JavaScript, a worker each). */
const PROGRAM_INPUTS = 16;
const SEED = 20240601;
const INTEGER = /^[+-]?\d{1,15}$/;

function mutateToken(token: string, r: () => number): string {
  if (!INTEGER.test(token)) return token;
  const v = Number(token);
  if (v === 0) return token;
  const size = 1 + Math.floor(r() * Math.max(Math.abs(v), 9));
  return String(v < 0 ? -size : size);
}

/** One mutant: every integer past the first line redrawn, the whitespace between tokens kept. */
function mutant(input: string, r: () => number): string {
  const lines = input.split('\n');
  return [lines[0]!, ...lines.slice(1).map((l) => l.replace(/[^\s]+/g, (t) => mutateToken(t, r)))].join('\n');
}

export function programInputs(publicInputs: readonly string[], count = PROGRAM_INPUTS): string[] {
  const r = seeded(SEED);
  const out = [...publicInputs.slice(0, count)];
  const seen = new Set(out);
  for (let k = 0; out.length < count && publicInputs.length > 0 && k < count * 4; k++) {
    const m = mutant(publicInputs[k % publicInputs.length]!, r);
    if (seen.has(m)) continue;
    seen.add(m);
    out.push(m);
  }
  return out;
}
